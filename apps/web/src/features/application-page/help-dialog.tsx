import { ARBITRATION_TEXT_MAX_LENGTH, requestArbitrationInput } from "@market/contracts";
import type { ParseKeys } from "i18next";
import { type FormEvent, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { actionErrorKey } from "../../lib/application-action-error";
import { Button } from "../../ui/button";
import { Dialog, DialogContent } from "../../ui/dialog";
import { INPUT_CLASS } from "../../ui/form-fields";

interface HelpDialogProps {
  applicationId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Sends the request (the text trimmed); rejects with the server's error. */
  onSend: (text: string) => Promise<unknown>;
}

/**
 * The help (arbitration) modal (spec sections 2 and 4): either party tells the platform what went wrong; the text
 * is required. It opens from the page's button and from the `arbitration` query parameter.
 */
export function HelpDialog({ applicationId, open, onOpenChange, onSend }: HelpDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t("HELP_MODAL.TITLE")}>
        {open && <HelpForm applicationId={applicationId} onClose={() => onOpenChange(false)} onSend={onSend} />}
      </DialogContent>
    </Dialog>
  );
}

type HelpError = { kind: "field"; text: string } | { kind: "server"; key: ParseKeys };

function HelpForm({
  applicationId,
  onClose,
  onSend,
}: Omit<HelpDialogProps, "open" | "onOpenChange"> & { onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState("");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<HelpError | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    // The contract's own check, so the modal refuses exactly what the server would, with its words.
    const checked = requestArbitrationInput.safeParse({ id: applicationId, text });
    if (!checked.success) {
      setError({ kind: "field", text: checked.error.issues[0]?.message ?? "" });
      field.current?.focus();
      return;
    }
    setPending(true);
    setError(null);
    try {
      await onSend(checked.data.text);
      onClose();
    } catch (failure) {
      setError({ kind: "server", key: actionErrorKey(failure, "APPLICATION.ARBITRATION_ERROR") });
      setPending(false);
    }
  };

  const fieldError = error?.kind === "field" ? error.text : null;
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p className="text-sm text-slate-600">{t("HELP_MODAL.INTRO")}</p>
      <div>
        <label htmlFor={`${id}-text`} className="block text-sm font-medium text-slate-800">
          {t("HELP_MODAL.TEXT")}
        </label>
        <textarea
          ref={field}
          id={`${id}-text`}
          rows={5}
          className={INPUT_CLASS}
          value={text}
          maxLength={ARBITRATION_TEXT_MAX_LENGTH}
          onChange={(event) => {
            setText(event.target.value);
            if (fieldError) setError(null);
          }}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? `${id}-error` : undefined}
        />
        {fieldError && (
          <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
            {fieldError}
          </p>
        )}
      </div>
      <div role="alert" data-testid="help-error">
        {error?.kind === "server" && (
          <p className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">{t(error.key)}</p>
        )}
      </div>
      <div className="flex justify-end gap-3">
        <Button variant="secondary" onClick={onClose}>
          {t("HELP_MODAL.CANCEL")}
        </Button>
        <Button type="submit" disabled={pending} aria-busy={pending}>
          {t("HELP_MODAL.SUBMIT")}
        </Button>
      </div>
    </form>
  );
}
