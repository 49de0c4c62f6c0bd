import { cx } from "../lib/cx";
import { Button } from "./button";

export interface FormEndProps {
  /** The last failure of the submit, in words, read out when it appears; null for none. */
  failure: string | null;
  cancelLabel: string;
  onCancel: () => void;
  /** While the submit runs: its button is disabled and busy, so a double press sends once. */
  pending: boolean;
  /** Says what the submit does ("Reject the campaign"), never a bare "OK". */
  submitLabel: string;
  /** A red submit button, for what takes something away. */
  destructive?: boolean;
}

/** The end of a modal's form: the failure of the last submit (an alert region), then Cancel and the submit button. */
export function FormEnd({ failure, cancelLabel, onCancel, pending, submitLabel, destructive = false }: FormEndProps) {
  return (
    <>
      <div role="alert">
        {failure && <p className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">{failure}</p>}
      </div>
      <div className="flex justify-end gap-3">
        <Button variant="secondary" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button
          type="submit"
          disabled={pending}
          aria-busy={pending}
          className={cx(destructive && "bg-red-700 hover:bg-red-800")}
        >
          {submitLabel}
        </Button>
      </div>
    </>
  );
}
