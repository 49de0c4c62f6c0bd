import { useState } from "react";
import { useTranslation } from "react-i18next";
import { trpc } from "../../../lib/trpc";
import { toast } from "../../../ui/toast-store";
import type { ActionTarget, PayoutAction, PayoutActionDialogProps } from "./payout-action-dialog";

/**
 * A payout action from the console, wherever it starts (the queue's row, the payout's page): `start` opens the
 * confirmation for a payout; confirming retries it (a failed payout is sent again as a new one; a held or stuck one
 * is asked about again) or marks it failed, toasts what happened, and refreshes the queue, the payout and the audit.
 * The page renders `<PayoutActionDialog {...dialog} />`.
 */
export function usePayoutAction(): {
  start: (action: PayoutAction, target: ActionTarget) => void;
  dialog: PayoutActionDialogProps;
} {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const [acting, setActing] = useState<{ action: PayoutAction; target: ActionTarget } | null>(null);
  const done = () => {
    void utils.admin.console.payouts.invalidate();
    void utils.admin.console.audit.invalidate();
  };
  const retry = trpc.admin.console.payouts.retry.useMutation({ onSuccess: done });
  const markFailed = trpc.admin.console.payouts.markFailed.useMutation({ onSuccess: done });

  const confirm = async (reason: string) => {
    if (!acting) return;
    const { action, target } = acting;
    if (action === "retry") {
      const result = await retry.mutateAsync({ id: target.id, state: target.state, reason });
      toast.success(
        result.outcome === "retried"
          ? t("CONSOLE_PAYOUTS.RETRIED", { id: target.id, retry: result.payoutId })
          : t("CONSOLE_PAYOUTS.REPOLLED", { id: target.id }),
      );
    } else {
      await markFailed.mutateAsync({ id: target.id, reason });
      toast.success(t("CONSOLE_PAYOUTS.FAILED_DONE", { id: target.id }));
    }
  };

  return {
    start: (action, target) => setActing({ action, target }),
    dialog: {
      action: acting?.action ?? "retry",
      target: acting?.target ?? null,
      onClose: () => setActing(null),
      onConfirm: confirm,
    },
  };
}
