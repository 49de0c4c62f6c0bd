import { ADMIN_REASON_MAX, ADMIN_REASON_MIN } from "@market/contracts";
import { type FormEvent, type ReactNode, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { REASON_MESSAGE_KEYS, reasonOf } from "../../../lib/reasons";
import { Dialog, DialogContent } from "../../../ui/dialog";
import { FormEnd } from "../../../ui/form-end";
import { TextAreaField } from "../../../ui/form-fields";

export interface ReasonDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  /** What confirming does, in words, above the reason. */
  intro: ReactNode;
  /** The confirming button's label: says what it does ("Reject the campaign"), never a bare "OK". */
  submit: string;
  /** A red confirming button, for what takes something away (a rejection). */
  danger?: boolean;
  /**
   * The reason's field: its label (default "Reason") and hint. The reason is required, 3 to 1,000 characters, as the
   * server's adminReason checks it. `null`: a plain confirmation with nothing to write (what it confirms was written
   * in the form that opened it); onConfirm then receives "".
   */
  reason?: { label?: string; hint?: string } | null;
  /** Does the action: resolving closes the dialog; throwing keeps it open, saying failureOf(the error). */
  onConfirm: (reason: string) => Promise<unknown>;
  /** The sentence for a refusal; by default the reason's own message (lib/reasons.ts). */
  failureOf?: (error: unknown) => string;
}

/**
 * The console's one confirmation of an admin action (issue 36): what it does, the reason the audit log keeps (and
 * the parties read), then the confirming button. A modal dialog (ui/dialog.tsx): focus is trapped inside and starts
 * in the reason, Escape and Cancel leave with nothing done, focus returns to the opener. A reason too short is said
 * under the field, which gets the focus back; the button is disabled while the action is sent, so a double press
 * sends it once; the server's refusal is said in the dialog, which stays open with what was written.
 */
export function ReasonDialog(props: ReasonDialogProps) {
  return (
    <Dialog open={props.open} onOpenChange={(open) => !open && props.onClose()}>
      <DialogContent title={props.title}>{props.open && <ReasonForm {...props} />}</DialogContent>
    </Dialog>
  );
}

function ReasonForm({ onClose, intro, submit, danger, reason: field = {}, onConfirm, failureOf }: ReasonDialogProps) {
  const { t } = useTranslation();
  const form = useRef<HTMLFormElement>(null);
  const [reason, setReason] = useState("");
  const [tooShort, setTooShort] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const asked = field !== null;
  const short = (text: string) => asked && text.trim().length < ADMIN_REASON_MIN;

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    // The dialog sits in a portal, but React bubbles its submit through the tree: a form around the opener must not
    // take it for its own.
    event.stopPropagation();
    if (pending) return;
    if (short(reason)) {
      setTooShort(true);
      form.current?.querySelector("textarea")?.focus();
      return;
    }
    setPending(true);
    setFailure(null);
    try {
      await onConfirm(reason.trim());
      onClose();
    } catch (error) {
      setFailure(failureOf ? failureOf(error) : t(REASON_MESSAGE_KEYS[reasonOf(error)]));
      setPending(false);
    }
  };

  return (
    <form ref={form} onSubmit={confirm} className="space-y-4" noValidate>
      <div className="text-sm text-slate-700">{intro}</div>
      {field !== null && (
        <TextAreaField
          label={field.label ?? t("CONSOLE_REASON.LABEL")}
          hint={field.hint ?? t("CONSOLE_REASON.HINT", { min: ADMIN_REASON_MIN, max: ADMIN_REASON_MAX })}
          value={reason}
          maxLength={ADMIN_REASON_MAX}
          onValueChange={(value) => {
            setReason(value);
            if (tooShort && !short(value)) setTooShort(false);
          }}
          error={tooShort ? { key: "CONSOLE_REASON.TOO_SHORT", values: { min: ADMIN_REASON_MIN } } : undefined}
        />
      )}
      <FormEnd
        failure={failure}
        cancelLabel={t("CONSOLE_REASON.CANCEL")}
        onCancel={onClose}
        pending={pending}
        submitLabel={submit}
        destructive={danger}
      />
    </form>
  );
}
