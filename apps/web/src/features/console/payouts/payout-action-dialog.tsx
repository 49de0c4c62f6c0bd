import { ADMIN_REASON_MAX, ADMIN_REASON_MIN, formatUsd } from "@market/contracts";
import type { ParseKeys } from "i18next";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { reasonOf } from "../../../lib/reasons";
import { Button } from "../../../ui/button";
import { Dialog, DialogContent } from "../../../ui/dialog";
import { TextAreaField } from "../../../ui/form-fields";

export type PayoutAction = "retry" | "markFailed";

/** The payout an action concerns, as the dialog names it. */
export interface ActionTarget {
  id: number;
  amountCents: number;
  username: string;
  state: "failed" | "held" | "stuck";
}

interface PayoutActionDialogProps {
  action: PayoutAction;
  target: ActionTarget | null;
  onClose: () => void;
  /** Does the action; rejects with the server's error. */
  onConfirm: (reason: string) => Promise<unknown>;
}

/**
 * The confirmation of a payout action (issue 36, point 2): what it will do, in words, and the operator's reason,
 * which the audit log keeps and, for Mark failed, the influencer reads.
 */
export function PayoutActionDialog({ action, target, onClose, onConfirm }: PayoutActionDialogProps) {
  const { t } = useTranslation();
  const title = action === "retry" ? t("CONSOLE_PAYOUTS.RETRY_TITLE") : t("CONSOLE_PAYOUTS.FAIL_TITLE");
  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={title}>
        {target && <ActionForm action={action} target={target} onClose={onClose} onConfirm={onConfirm} />}
      </DialogContent>
    </Dialog>
  );
}

const ERROR_KEYS: Partial<Record<ReturnType<typeof reasonOf>, ParseKeys>> = {
  conflict: "CONSOLE_PAYOUTS.ERROR_CONFLICT",
  not_enough_earnings: "CONSOLE_PAYOUTS.ERROR_BALANCE",
  not_found: "CONSOLE_PAYOUTS.ERROR_NOT_FOUND",
};

function explanationKey(action: PayoutAction, state: ActionTarget["state"]): ParseKeys {
  if (action === "markFailed") return "CONSOLE_PAYOUTS.FAIL_EXPLAIN";
  return state === "failed" ? "CONSOLE_PAYOUTS.RETRY_EXPLAIN_FAILED" : "CONSOLE_PAYOUTS.RETRY_EXPLAIN_REPOLL";
}

function ActionForm({
  action,
  target,
  onClose,
  onConfirm,
}: Omit<PayoutActionDialogProps, "target"> & { target: ActionTarget }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState("");
  const [tried, setTried] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ParseKeys | null>(null);
  const tooShort = reason.trim().length < ADMIN_REASON_MIN;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (pending || tooShort) return;
    setPending(true);
    setError(null);
    try {
      await onConfirm(reason.trim());
      onClose();
    } catch (failure) {
      setError(ERROR_KEYS[reasonOf(failure)] ?? "CONSOLE_PAYOUTS.ERROR_GENERIC");
      setPending(false);
    }
  };

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <p className="text-sm text-slate-700">
        {t(explanationKey(action, target.state), {
          id: target.id,
          amount: formatUsd(target.amountCents),
          username: target.username,
        })}
      </p>
      <TextAreaField
        label={action === "markFailed" ? t("CONSOLE_PAYOUTS.REASON_FOR_INFLUENCER") : t("CONSOLE_PAYOUTS.REASON")}
        hint={t("CONSOLE_PAYOUTS.REASON_HINT", { min: ADMIN_REASON_MIN, max: ADMIN_REASON_MAX })}
        value={reason}
        onValueChange={setReason}
        maxLength={ADMIN_REASON_MAX}
        error={
          tried && tooShort ? { key: "CONSOLE_PAYOUTS.REASON_TOO_SHORT", values: { min: ADMIN_REASON_MIN } } : undefined
        }
      />
      <div role="alert">
        {error && <p className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">{t(error)}</p>}
      </div>
      <div className="flex justify-end gap-3">
        <Button variant="secondary" onClick={onClose}>
          {t("CONSOLE_PAYOUTS.CANCEL")}
        </Button>
        <Button type="submit" disabled={pending} aria-busy={pending}>
          {action === "retry" ? t("CONSOLE_PAYOUTS.CONFIRM_RETRY") : t("CONSOLE_PAYOUTS.CONFIRM_FAIL")}
        </Button>
      </div>
    </form>
  );
}
