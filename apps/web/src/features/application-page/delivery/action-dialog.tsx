import { ARBITRATION_TEXT_MAX_LENGTH } from "@market/contracts";
import type { ParseKeys } from "i18next";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { actionErrorKey } from "../../../lib/application-action-error";
import { Button } from "../../../ui/button";
import { Dialog, DialogContent } from "../../../ui/dialog";
import { INPUT_CLASS } from "../../../ui/form-fields";

interface ActionDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  intro: ReactNode;
  submit: string;
  cancel: string;
  /** The label of an optional text the action sends along (work not done); none when absent. */
  textLabel?: string;
  /** Optional checkboxes the action sends along (work not done: the posts it concerns); none when absent. */
  choices?: { legend: string; options: { value: string; label: string }[] };
  /** Placement classes of the dialog (a taller one scrolls within the screen). */
  className?: string;
  /** The message of a failure without a reason (the network, a server error). */
  failureKey: ParseKeys;
  /** Sends the action (with the trimmed text, null when blank, and the ticked choices); rejects with the server's error. */
  onConfirm: (text: string | null, chosen: string[]) => Promise<unknown>;
  testId: string;
}

/**
 * The confirmation modal of work done, work not done and release (spec section 2): what the action does, an
 * optional text, and the server's refusal in place when it refuses (the page reads the application again).
 */
export function ActionDialog(props: ActionDialogProps) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent title={props.title} className={props.className}>
        {props.open && <ActionForm {...props} />}
      </DialogContent>
    </Dialog>
  );
}

function ActionForm({
  onOpenChange,
  intro,
  submit,
  cancel,
  textLabel,
  choices,
  failureKey,
  onConfirm,
  testId,
}: ActionDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState("");
  const [chosen, setChosen] = useState<readonly string[]>([]);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ParseKeys | null>(null);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    setError(null);
    try {
      // In the options' order, whatever the order they were ticked in.
      const ticked = (choices?.options ?? []).map((option) => option.value).filter((value) => chosen.includes(value));
      await onConfirm(text.trim() === "" ? null : text.trim(), ticked);
      onOpenChange(false);
    } catch (failure) {
      setError(actionErrorKey(failure, failureKey));
      setPending(false);
    }
  };

  return (
    <form onSubmit={send} noValidate className="space-y-4" data-testid={testId}>
      <div className="text-sm text-slate-600">{intro}</div>
      {textLabel && (
        <div>
          <label htmlFor={`${id}-text`} className="block text-sm font-medium text-slate-800">
            {textLabel}
          </label>
          <textarea
            id={`${id}-text`}
            rows={4}
            className={INPUT_CLASS}
            value={text}
            maxLength={ARBITRATION_TEXT_MAX_LENGTH}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
      )}
      {choices && choices.options.length > 0 && (
        <fieldset className="space-y-1">
          <legend className="text-sm font-medium text-slate-800">{choices.legend}</legend>
          {choices.options.map((option) => (
            <label key={option.value} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4"
                checked={chosen.includes(option.value)}
                onChange={(event) =>
                  setChosen((current) =>
                    event.target.checked
                      ? [...current, option.value]
                      : current.filter((value) => value !== option.value),
                  )
                }
              />
              {option.label}
            </label>
          ))}
        </fieldset>
      )}
      <div role="alert" data-testid={`${testId}-error`}>
        {error && <p className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">{t(error)}</p>}
      </div>
      <div className="flex justify-end gap-3">
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          {cancel}
        </Button>
        <Button type="submit" disabled={pending} aria-busy={pending}>
          {submit}
        </Button>
      </div>
    </form>
  );
}
