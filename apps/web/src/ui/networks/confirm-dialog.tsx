import type { ParseKeys } from "i18next";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../button";
import { Dialog, DialogContent } from "../dialog";

/**
 * A networks modal about one subject (a network, a group of conflicting accounts): open while there is one, closed
 * by Escape, the close button or the body's onClose. The body mounts afresh for each subject, so no answer or error
 * of the last one shows.
 */
export function SubjectDialog<S>({
  subject,
  title,
  onClose,
  children,
}: {
  subject: S | null;
  title: string;
  onClose: () => void;
  children: (subject: S) => ReactNode;
}) {
  return (
    <Dialog open={subject !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={title}>{subject !== null && children(subject)}</DialogContent>
    </Dialog>
  );
}

interface DialogFormEndProps {
  /** The last failure of the submit, read out when it appears; null for none. */
  error: ParseKeys | null;
  onCancel: () => void;
  /** While the submit runs: its button is disabled and busy. */
  pending: boolean;
  submitLabel: string;
  /** A destructive action's red submit button. */
  destructive?: boolean;
}

/** The end of a networks modal's form: the failure of the last submit, then Cancel and the submit button. */
export function DialogFormEnd({ error, onCancel, pending, submitLabel, destructive = false }: DialogFormEndProps) {
  const { t } = useTranslation();
  return (
    <>
      <div role="alert">
        {error && <p className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">{t(error)}</p>}
      </div>
      <div className="flex justify-end gap-3">
        <Button variant="secondary" onClick={onCancel}>
          {t("NETWORKS.CANCEL")}
        </Button>
        <Button
          type="submit"
          disabled={pending}
          aria-busy={pending}
          className={destructive ? "bg-red-700 hover:bg-red-800" : undefined}
        >
          {submitLabel}
        </Button>
      </div>
    </>
  );
}
