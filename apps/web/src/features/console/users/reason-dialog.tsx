import { ADMIN_REASON_MAX, ADMIN_REASON_MIN } from "@market/contracts";
import { type FormEvent, type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../ui/button";
import { Dialog, DialogContent } from "../../../ui/dialog";
import { TextAreaField } from "../../../ui/form-fields";

interface ReasonDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  intro: ReactNode;
  submit: string;
  /** Does the action; rejects with the server's error, shown in the dialog. */
  onConfirm: (reason: string) => Promise<unknown>;
  /** The text shown when the action fails. */
  failure: string;
}

/**
 * A console decision's confirmation (issue 36): the admin writes why (3 to 1,000 characters, as adminReason
 * checks on the server), then confirms; Escape or Cancel leaves nothing done.
 */
export function ReasonDialog(props: ReasonDialogProps) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent title={props.title}>{props.open && <ReasonForm {...props} />}</DialogContent>
    </Dialog>
  );
}

function ReasonForm({ onOpenChange, intro, submit, onConfirm, failure }: ReasonDialogProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState("");
  const [tooShort, setTooShort] = useState(false);
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (reason.trim().length < ADMIN_REASON_MIN) {
      setTooShort(true);
      return;
    }
    setPending(true);
    setFailed(false);
    try {
      await onConfirm(reason.trim());
      onOpenChange(false);
    } catch {
      setFailed(true);
      setPending(false);
    }
  };

  return (
    <form onSubmit={confirm} className="space-y-4" noValidate>
      <div className="text-sm text-slate-700">{intro}</div>
      <TextAreaField
        label={t("CONSOLE_USERS.REASON")}
        hint={t("CONSOLE_USERS.REASON_HINT")}
        value={reason}
        maxLength={ADMIN_REASON_MAX}
        onValueChange={(value) => {
          setReason(value);
          if (tooShort && value.trim().length >= ADMIN_REASON_MIN) setTooShort(false);
        }}
        error={tooShort ? { key: "CONSOLE_USERS.REASON_TOO_SHORT" } : undefined}
      />
      <div role="alert">
        {failed && <p className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">{failure}</p>}
      </div>
      <div className="flex justify-end gap-3">
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          {t("CONSOLE_USERS.CANCEL")}
        </Button>
        <Button type="submit" disabled={pending} aria-busy={pending}>
          {submit}
        </Button>
      </div>
    </form>
  );
}
