import { ADMIN_REASON_MAX, ADMIN_REASON_MIN, type ReviewQueueRow } from "@market/contracts";
import { useTranslation } from "react-i18next";
import { reasonOf } from "../../../lib/reasons";
import { trpc } from "../../../lib/trpc";
import { toast } from "../../../ui/toast-store";
import { ReasonDialog } from "../shell/reason-dialog";

/**
 * Rejecting a deal from the queue: the reason the brand will read (3 to 1,000 characters, checked here as the server
 * checks it), then the confirming button, which says what it does. A deal reviewed meanwhile (or gone) closes the
 * dialog with a toast and reloads the queue; any other refusal is said in the dialog.
 */
export function RejectDialog({ deal, onClose }: { deal: ReviewQueueRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const reject = trpc.admin.console.deals.review.useMutation({
    onSuccess: () => void utils.admin.console.invalidate(),
  });
  const confirm = async (reason: string) => {
    if (!deal) return;
    try {
      await reject.mutateAsync({ id: deal.id, decision: "KO", reason });
      toast.success(t("CONSOLE_DASHBOARD.DEALS.REJECTED", { title: deal.title }));
    } catch (thrown) {
      const why = reasonOf(thrown);
      if (why !== "conflict" && why !== "not_found") throw thrown;
      toast.error(t("CONSOLE_DASHBOARD.DEALS.STALE"));
      void utils.admin.console.invalidate();
    }
  };
  return (
    <ReasonDialog
      open={deal !== null}
      onClose={onClose}
      title={deal ? t("CONSOLE_DASHBOARD.DEALS.REJECT_TITLE", { title: deal.title }) : ""}
      intro={deal ? t("CONSOLE_DASHBOARD.DEALS.REJECT_EXPLAIN", { brand: deal.brand.name }) : null}
      reason={{
        label: t("CONSOLE_DASHBOARD.DEALS.REASON"),
        hint: t("CONSOLE_DASHBOARD.DEALS.REASON_HINT", { min: ADMIN_REASON_MIN, max: ADMIN_REASON_MAX }),
      }}
      submit={t("CONSOLE_DASHBOARD.DEALS.CONFIRM_REJECT")}
      danger
      onConfirm={confirm}
    />
  );
}
