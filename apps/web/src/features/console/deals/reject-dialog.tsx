import { ADMIN_REASON_MAX, ADMIN_REASON_MIN, type ReviewQueueRow } from "@market/contracts";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { FieldMessage } from "../../../lib/field-errors";
import { REASON_MESSAGE_KEYS, reasonOf } from "../../../lib/reasons";
import { trpc } from "../../../lib/trpc";
import { Button } from "../../../ui/button";
import { Dialog, DialogContent } from "../../../ui/dialog";
import { FormErrorText, TextAreaField } from "../../../ui/form-fields";
import { toast } from "../../../ui/toast-store";

/**
 * Rejecting a deal from the queue: the reason the brand will read (3 to 1,000 characters, checked here as the server
 * checks it), then the confirming button, which says what it does. Escape or Cancel leaves without a change.
 */
export function RejectDialog({ deal, onClose }: { deal: ReviewQueueRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<FieldMessage | undefined>();
  const [failure, setFailure] = useState<FieldMessage | undefined>();
  useEffect(() => {
    if (deal) {
      setReason("");
      setError(undefined);
      setFailure(undefined);
    }
  }, [deal]);
  const reject = trpc.admin.console.deals.review.useMutation({
    onSuccess: () => {
      if (deal) toast.success(t("CONSOLE_DASHBOARD.DEALS.REJECTED", { title: deal.title }));
      void utils.admin.console.invalidate();
      onClose();
    },
    onError: (thrown) => {
      const why = reasonOf(thrown);
      if (why === "conflict" || why === "not_found") {
        toast.error(t("CONSOLE_DASHBOARD.DEALS.STALE"));
        void utils.admin.console.invalidate();
        onClose();
      } else setFailure({ key: REASON_MESSAGE_KEYS[why] });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!deal) return;
    if (reason.trim().length < ADMIN_REASON_MIN) {
      setError({ key: "CONSOLE_DASHBOARD.DEALS.REASON_TOO_SHORT", values: { min: ADMIN_REASON_MIN } });
      return;
    }
    setError(undefined);
    reject.mutate({ id: deal.id, decision: "KO", reason: reason.trim() });
  };
  return (
    <Dialog open={deal !== null} onOpenChange={(open) => !open && onClose()}>
      {deal && (
        <DialogContent title={t("CONSOLE_DASHBOARD.DEALS.REJECT_TITLE", { title: deal.title })}>
          <form onSubmit={submit} className="space-y-4" noValidate>
            <p className="text-slate-700">{t("CONSOLE_DASHBOARD.DEALS.REJECT_EXPLAIN", { brand: deal.brand.name })}</p>
            <TextAreaField
              label={t("CONSOLE_DASHBOARD.DEALS.REASON")}
              hint={t("CONSOLE_DASHBOARD.DEALS.REASON_HINT", { min: ADMIN_REASON_MIN, max: ADMIN_REASON_MAX })}
              value={reason}
              maxLength={ADMIN_REASON_MAX}
              onValueChange={setReason}
              error={error}
            />
            <FormErrorText error={failure} />
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onClick={onClose}>
                {t("CONSOLE_DASHBOARD.DEALS.CANCEL")}
              </Button>
              <Button
                type="submit"
                className="bg-red-700 hover:bg-red-800"
                disabled={reject.isPending}
                aria-busy={reject.isPending}
              >
                {t("CONSOLE_DASHBOARD.DEALS.CONFIRM_REJECT")}
              </Button>
            </div>
          </form>
        </DialogContent>
      )}
    </Dialog>
  );
}
