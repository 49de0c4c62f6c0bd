import { ADMIN_REASON_MAX, ADMIN_REASON_MIN, type CaseDecision, type CaseView } from "@market/contracts";
import { type FormEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { FieldMessage } from "../../../lib/field-errors";
import { REASON_MESSAGE_KEYS, reasonOf } from "../../../lib/reasons";
import { trpc } from "../../../lib/trpc";
import { Button } from "../../../ui/button";
import { Dialog, DialogContent } from "../../../ui/dialog";
import { TextAreaField } from "../../../ui/form-fields";
import { toast } from "../../../ui/toast-store";

const DECISION_KEY = {
  release: "RELEASE",
  refund: "REFUND",
  close: "CLOSE",
} as const satisfies Record<CaseDecision, string>;

/**
 * A decision on a case, confirmed: the admin writes the reason both parties will read (in the chat and by mail),
 * reads what the decision does, and confirms. The server's refusal (decided meanwhile, the provider down) is said in
 * the dialog, which stays open.
 */
export function DecisionDialog({
  view,
  decision,
  onClose,
}: {
  view: CaseView;
  decision: CaseDecision;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<FieldMessage | undefined>(undefined);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const key = DECISION_KEY[decision];
  const decide = trpc.admin.console.cases.decide.useMutation({
    onSuccess: (next) => {
      utils.admin.console.cases.get.setData({ applicationId: view.applicationId }, next);
      void utils.admin.console.cases.list.invalidate();
      toast.success(t(`CONSOLE_CASES.DONE_${key}`));
      onClose();
    },
    onError: (cause) => {
      const why = reasonOf(cause);
      setFailure(why === "generic" ? t("CONSOLE_CASES.DECISION_FAILED") : t(REASON_MESSAGE_KEYS[why]));
      if (why === "conflict" || why === "closed") void utils.admin.console.cases.get.invalidate();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const trimmed = reason.trim();
    if (trimmed.length < ADMIN_REASON_MIN) {
      setError({ key: "CONSOLE_CASES.REASON_TOO_SHORT", values: { min: ADMIN_REASON_MIN } });
      form.current?.querySelector("textarea")?.focus();
      return;
    }
    setError(undefined);
    decide.mutate({ applicationId: view.applicationId, decision, reason: trimmed });
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={t(`CONSOLE_CASES.CONFIRM_${key}_TITLE`)}>
        <form ref={form} onSubmit={submit} className="space-y-4" noValidate>
          <p>
            {t(`CONSOLE_CASES.CONFIRM_${key}_TEXT`, {
              brand: view.brand.username,
              influencer: view.influencer.username,
            })}
          </p>
          <TextAreaField
            label={t("CONSOLE_CASES.REASON")}
            hint={t("CONSOLE_CASES.REASON_HINT")}
            value={reason}
            onValueChange={setReason}
            maxLength={ADMIN_REASON_MAX}
            error={error}
          />
          {failure && (
            <p role="alert" className="text-sm text-red-700">
              {failure}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              {t("CONSOLE_CASES.CANCEL")}
            </Button>
            <Button type="submit" disabled={decide.isPending} aria-busy={decide.isPending}>
              {t(`CONSOLE_CASES.CONFIRM_${key}`)}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
