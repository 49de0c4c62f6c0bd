import { BRAND_CRITERIA, type BrandReviewView, REVIEW_TEXT_MAX_LENGTH } from "@market/contracts";
import { type FormEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { REASON_MESSAGE_KEYS, reasonOf } from "../../lib/reasons";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { TextAreaField } from "../../ui/form-fields";
import {
  checkReviewForm,
  EMPTY_REVIEW,
  type ReviewErrors,
  type ReviewField,
  type ReviewFormValues,
  reviewErrorsOf,
} from "./review-check";
import { StarInput } from "./star-input";

interface ReviewFormProps {
  applicationId: number;
  onGiven: (review: BrandReviewView) => void;
  /** The server says the review is not (or no longer) to be written here: the page reads its state again. */
  onRefused: () => void;
}

/**
 * The influencer's review of the brand (issue 40): 1 to 5 stars per criterion and a text. Checked with the
 * contracts' schema on submit (the first wrong field gets the focus); the server's field issues land on the same
 * fields, as on the brand's feedback form.
 */
export function ReviewForm({ applicationId, onGiven, onRefused }: ReviewFormProps) {
  const { t } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<ReviewFormValues>(EMPTY_REVIEW);
  const [errors, setErrors] = useState<ReviewErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const set = (field: ReviewField, patch: Partial<ReviewFormValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    setErrors(({ [field]: _, ...others }) => others);
  };
  const focusFirstInvalid = () =>
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>("input[aria-invalid='true'], textarea[aria-invalid='true']")?.focus(),
    );

  const send = trpc.applications.writeReview.useMutation({
    onSuccess: onGiven,
    onError: (error) => {
      const reason = reasonOf(error);
      const issues = (error.data as { issues?: { path: (string | number)[] }[] } | undefined)?.issues ?? [];
      if (reason === "invalid" && issues.length > 0) {
        setErrors(reviewErrorsOf(issues));
        focusFirstInvalid();
        return;
      }
      if (reason === "conflict" || reason === "not_allowed_yet" || reason === "closed") onRefused();
      setFailure(reason === "generic" ? t("REVIEWS.ERROR") : t(REASON_MESSAGE_KEYS[reason]));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const result = checkReviewForm(values);
    if (!result.ok) {
      setErrors(result.errors);
      focusFirstInvalid();
      return;
    }
    setErrors({});
    send.mutate({ id: applicationId, ...result.body });
  };

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      aria-label={t("REVIEWS.FORM")}
      className="space-y-6 rounded-lg border border-slate-200 bg-white p-5"
    >
      <fieldset className="space-y-3">
        <legend className="mb-2 text-lg font-semibold">{t("REVIEWS.RATINGS")}</legend>
        {BRAND_CRITERIA.map((criterion) => (
          <StarInput
            key={criterion}
            name={criterion}
            legend={t(`REVIEWS.CRITERIA.${criterion}`)}
            value={values.rating[criterion]}
            onChange={(stars) => set(`rating.${criterion}`, { rating: { ...values.rating, [criterion]: stars } })}
            error={errors[`rating.${criterion}`]}
          />
        ))}
      </fieldset>
      <TextAreaField
        label={t("REVIEWS.TEXT")}
        hint={t("REVIEWS.TEXT_HINT")}
        value={values.text}
        onValueChange={(text) => set("text", { text })}
        error={errors.text}
        maxLength={REVIEW_TEXT_MAX_LENGTH}
      />
      {failure && (
        <p role="alert" className="text-sm text-red-700">
          {failure}
        </p>
      )}
      <div className="flex justify-end">
        <Button type="submit" disabled={send.isPending} aria-busy={send.isPending}>
          {send.isPending ? t("REVIEWS.SENDING") : t("REVIEWS.SUBMIT")}
        </Button>
      </div>
    </form>
  );
}
