import type { ParseKeys } from "i18next";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Dialog, DialogContent } from "../dialog";
import { FormEnd, type FormEndProps } from "../form-end";

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

interface DialogFormEndProps extends Omit<FormEndProps, "failure" | "cancelLabel"> {
  /** The last failure of the submit, read out when it appears; null for none. */
  error: ParseKeys | null;
}

/** The end of a networks modal's form: the failure of the last submit, then Cancel and the submit button. */
export function DialogFormEnd({ error, ...rest }: DialogFormEndProps) {
  const { t } = useTranslation();
  return <FormEnd failure={error && t(error)} cancelLabel={t("NETWORKS.CANCEL")} {...rest} />;
}
