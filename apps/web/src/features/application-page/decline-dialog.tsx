import { DECLINE_REASONS, DEFAULT_DECLINE_REASON, type DeclineReason } from "@market/contracts";
import type { ParseKeys } from "i18next";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { actionErrorKey } from "../../lib/application-action-error";
import { Button } from "../../ui/button";
import { Dialog, DialogContent } from "../../ui/dialog";
import { INPUT_CLASS } from "../../ui/form-fields";

interface DeclineDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Sends the decline; rejects with the server's error. */
  onDecline: (reason: DeclineReason) => Promise<unknown>;
}

/** The decline modal (spec sections 2 and 4): an optional reason from the denied-reason list, then decline. */
export function DeclineDialog({ open, onOpenChange, onDecline }: DeclineDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t("DECLINE_MODAL.TITLE")}>
        {open && <DeclineForm onClose={() => onOpenChange(false)} onDecline={onDecline} />}
      </DialogContent>
    </Dialog>
  );
}

function DeclineForm({ onClose, onDecline }: { onClose: () => void; onDecline: DeclineDialogProps["onDecline"] }) {
  const { t } = useTranslation();
  const id = useId();
  const [reason, setReason] = useState<DeclineReason>(DEFAULT_DECLINE_REASON);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ParseKeys | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    setError(null);
    try {
      await onDecline(reason);
      onClose();
    } catch (failure) {
      setError(actionErrorKey(failure, "GLOBAL.GENERIC_ERROR"));
      setPending(false);
    }
  };

  return (
    <form onSubmit={submit} className="space-y-4">
      <p className="text-sm text-slate-600">{t("DECLINE_MODAL.INTRO")}</p>
      <div>
        <label htmlFor={`${id}-reason`} className="block text-sm font-medium text-slate-800">
          {t("DECLINE_MODAL.REASON")}
        </label>
        <select
          id={`${id}-reason`}
          className={INPUT_CLASS}
          value={reason}
          onChange={(event) => setReason(event.target.value as DeclineReason)}
        >
          {DECLINE_REASONS.map((choice) => (
            <option key={choice} value={choice}>
              {t(`DECLINE_MODAL.REASONS.${choice}`)}
            </option>
          ))}
        </select>
      </div>
      <div role="alert" data-testid="decline-error">
        {error && <p className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">{t(error)}</p>}
      </div>
      <div className="flex justify-end gap-3">
        <Button variant="secondary" onClick={onClose}>
          {t("DECLINE_MODAL.CANCEL")}
        </Button>
        <Button type="submit" disabled={pending} aria-busy={pending}>
          {t("DECLINE_MODAL.SUBMIT")}
        </Button>
      </div>
    </form>
  );
}
