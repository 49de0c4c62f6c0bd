import { ADMIN_REASON_MAX, ADMIN_REASON_MIN, type FlagDecision, type FlagDetailView } from "@market/contracts";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { REASON_MESSAGE_KEYS, reasonOf } from "../../../lib/reasons";
import { trpc } from "../../../lib/trpc";
import { Button } from "../../../ui/button";
import { FormErrorText, TextAreaField } from "../../../ui/form-fields";
import { toast } from "../../../ui/toast-store";

/**
 * The decision on an appeal: keep or lift the flag, with a reason the influencer reads; submitting asks for a
 * confirmation that names the consequence before anything is sent.
 */
export function DecisionForm({ flag }: { flag: FlagDetailView }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const [decision, setDecision] = useState<FlagDecision | null>(null);
  const [reason, setReason] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<"decision" | "reason" | null>(null);
  const decide = trpc.admin.console.flags.decide.useMutation({
    onSuccess: () => {
      toast.success(t("CONSOLE_FLAGS.DECIDED_TOAST"));
      void utils.admin.console.flags.invalidate();
    },
    onError: (failure) => {
      setConfirming(false);
      toast.error(t(REASON_MESSAGE_KEYS[reasonOf(failure)]));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!decision) return setError("decision");
    if (reason.trim().length < ADMIN_REASON_MIN) return setError("reason");
    setError(null);
    setConfirming(true);
  };
  const username = flag.influencer.username;

  return (
    <form onSubmit={submit} noValidate className="space-y-3 rounded-lg border border-slate-200 p-4">
      <fieldset className="space-y-1">
        <legend className="font-semibold">{t("CONSOLE_FLAGS.DECISION_LEGEND")}</legend>
        {(["uphold", "lift"] as const).map((choice) => (
          <label key={choice} className="flex items-center gap-2">
            <input
              type="radio"
              name="decision"
              value={choice}
              checked={decision === choice}
              onChange={() => {
                setDecision(choice);
                setConfirming(false);
              }}
            />
            {choice === "lift" ? t("CONSOLE_FLAGS.LIFT") : t("CONSOLE_FLAGS.UPHOLD")}
          </label>
        ))}
        {error === "decision" && <FormErrorText error={{ key: "CONSOLE_FLAGS.CHOOSE_DECISION" }} />}
      </fieldset>
      <TextAreaField
        label={t("CONSOLE_FLAGS.DECISION_REASON")}
        hint={t("CONSOLE_FLAGS.DECISION_REASON_HINT")}
        value={reason}
        maxLength={ADMIN_REASON_MAX}
        onValueChange={(value) => {
          setReason(value);
          setConfirming(false);
        }}
        error={error === "reason" ? { key: "CONSOLE_FLAGS.REASON_REQUIRED" } : undefined}
      />
      {confirming && decision ? (
        <div role="alertdialog" aria-labelledby="decision-confirm" className="space-y-2 rounded-md bg-amber-50 p-3">
          <p id="decision-confirm">
            {t(decision === "lift" ? "CONSOLE_FLAGS.CONFIRM_LIFT" : "CONSOLE_FLAGS.CONFIRM_UPHOLD", { username })}
          </p>
          <div className="flex gap-2">
            <Button
              autoFocus
              onClick={() => decide.mutate({ flagId: flag.id, decision, reason: reason.trim() })}
              aria-disabled={decide.isPending}
              aria-busy={decide.isPending}
            >
              {t("CONSOLE_FLAGS.CONFIRM")}
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t("CONSOLE_FLAGS.CANCEL")}
            </Button>
          </div>
        </div>
      ) : (
        <Button type="submit">{t("CONSOLE_FLAGS.DECIDE")}</Button>
      )}
    </form>
  );
}
