import { FEEDBACK_COMMENT_MAX_LENGTH, type FeedbackView, RATING_CRITERIA, ROI_SCALE } from "@market/contracts";
import { type FormEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { REASON_MESSAGE_KEYS, reasonOf } from "../../lib/reasons";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { TextAreaField } from "../../ui/form-fields";
import { ChoiceGroup } from "./choice-group";
import {
  checkFeedbackForm,
  EMPTY_FEEDBACK,
  type FeedbackErrors,
  type FeedbackField,
  type FeedbackFormValues,
  feedbackErrorsOf,
} from "./feedback-check";
import { StarInput } from "./star-input";

interface FeedbackFormProps {
  applicationId: number;
  onGiven: (feedback: FeedbackView) => void;
  /** The server says the feedback is not (or no longer) to be given here: the page reads its state again. */
  onRefused: () => void;
}

/**
 * The feedback form (spec section 3): 1 to 5 stars per criterion, work again and drove action (yes or no), the
 * ROI scale, the two comments and allowUse. Checked with the contracts' schema on submit (the first wrong field
 * gets the focus); the server's field issues land on the same fields.
 */
export function FeedbackForm({ applicationId, onGiven, onRefused }: FeedbackFormProps) {
  const { t } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<FeedbackFormValues>(EMPTY_FEEDBACK);
  const [errors, setErrors] = useState<FeedbackErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  /** Changes one field; its message goes, as the answer it asked for is being given. */
  const set = (field: FeedbackField | null, patch: Partial<FeedbackFormValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    if (field) setErrors(({ [field]: _, ...others }) => others);
  };
  const focusFirstInvalid = () =>
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>("input[aria-invalid='true'], textarea[aria-invalid='true']")?.focus(),
    );

  const send = trpc.applications.leaveFeedback.useMutation({
    onSuccess: onGiven,
    onError: (error) => {
      const reason = reasonOf(error);
      const issues = (error.data as { issues?: { path: (string | number)[] }[] } | undefined)?.issues ?? [];
      if (reason === "invalid" && issues.length > 0) {
        setErrors(feedbackErrorsOf(issues));
        focusFirstInvalid();
        return;
      }
      if (reason === "conflict" || reason === "not_allowed_yet" || reason === "closed") onRefused();
      setFailure(reason === "generic" ? t("FEEDBACK.ERROR") : t(REASON_MESSAGE_KEYS[reason]));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const result = checkFeedbackForm(values);
    if (!result.ok) {
      setErrors(result.errors);
      focusFirstInvalid();
      return;
    }
    setErrors({});
    send.mutate({ id: applicationId, ...result.body });
  };

  const yesNo = [
    { value: true, label: t("FEEDBACK.YES") },
    { value: false, label: t("FEEDBACK.NO") },
  ] as const;

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      aria-label={t("FEEDBACK.FORM")}
      className="space-y-6 rounded-lg border border-slate-200 bg-white p-5"
    >
      <fieldset className="space-y-3">
        <legend className="mb-2 text-lg font-semibold">{t("FEEDBACK.RATINGS")}</legend>
        {RATING_CRITERIA.map((criterion) => (
          <StarInput
            key={criterion}
            name={criterion}
            legend={t(`FEEDBACK.CRITERIA.${criterion}`)}
            value={values.rating[criterion]}
            onChange={(stars) => set(`rating.${criterion}`, { rating: { ...values.rating, [criterion]: stars } })}
            error={errors[`rating.${criterion}`]}
          />
        ))}
      </fieldset>
      <ChoiceGroup
        name="workAgain"
        legend={t("FEEDBACK.WORK_AGAIN")}
        options={yesNo}
        value={values.workAgain}
        onChange={(workAgain) => set("workAgain", { workAgain })}
        error={errors.workAgain}
      />
      <TextAreaField
        label={t("FEEDBACK.I_COMMENT")}
        hint={t("FEEDBACK.I_COMMENT_HINT")}
        value={values.iComment}
        onValueChange={(iComment) => set("iComment", { iComment })}
        error={errors.iComment}
        maxLength={FEEDBACK_COMMENT_MAX_LENGTH}
      />
      <ChoiceGroup
        name="droveAction"
        legend={t("FEEDBACK.DROVE_ACTION")}
        options={yesNo}
        value={values.droveAction}
        onChange={(droveAction) => set("droveAction", { droveAction })}
        error={errors.droveAction}
      />
      <ChoiceGroup
        name="roi"
        legend={t("FEEDBACK.ROI")}
        options={ROI_SCALE.map((roi) => ({ value: roi, label: t(`FEEDBACK.ROI_VALUES.${roi}`) }))}
        value={values.roi}
        onChange={(roi) => set("roi", { roi })}
        error={errors.roi}
      />
      <TextAreaField
        label={t("FEEDBACK.R_COMMENT")}
        hint={t("FEEDBACK.R_COMMENT_HINT")}
        value={values.rComment}
        onValueChange={(rComment) => set("rComment", { rComment })}
        error={errors.rComment}
        maxLength={FEEDBACK_COMMENT_MAX_LENGTH}
      />
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          checked={values.allowUse}
          onChange={(event) => set(null, { allowUse: event.target.checked })}
        />
        {t("FEEDBACK.ALLOW_USE")}
      </label>
      {failure && (
        <p role="alert" className="text-sm text-red-700">
          {failure}
        </p>
      )}
      <div className="flex justify-end">
        <Button type="submit" disabled={send.isPending} aria-busy={send.isPending}>
          {send.isPending ? t("FEEDBACK.SENDING") : t("FEEDBACK.SUBMIT")}
        </Button>
      </div>
    </form>
  );
}
