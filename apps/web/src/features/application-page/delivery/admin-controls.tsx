import type { ApplicationPageView } from "@market/contracts";
import { useTranslation } from "react-i18next";
import { actionErrorKey } from "../../../lib/application-action-error";
import { trpc } from "../../../lib/trpc";
import { ConfirmClicksButton } from "../../../ui/confirm-clicks-button";
import { toast } from "../../../ui/toast-store";
import { refundFailureKey } from "./refund-failure";

/**
 * The impersonating admin's controls on an application (spec sections 2 and 6, and beyond the spec the close of a
 * case): refund a PROGRESS application, close an open case. Each confirms in 3 clicks (spec section 9) and is shown
 * only when the lifecycle table allows it; the page's data is read again after it, a refusal too.
 */
export function AdminControls({ view, onChanged }: { view: ApplicationPageView; onChanged: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const refund = trpc.admin.refund.useMutation();
  const closeCase = trpc.admin.closeCase.useMutation();
  const mayRefund = view.actions.includes("refund");
  const mayClose = view.actions.includes("closeCase");
  if (!view.impersonating || (!mayRefund && !mayClose)) return null;

  const run = async (send: () => Promise<unknown>, success: string, failure: (error: unknown) => string) => {
    try {
      await send();
      toast.success(success);
    } catch (error) {
      toast.error(failure(error));
    }
    await onChanged();
  };
  const busy = refund.isPending || closeCase.isPending;

  return (
    <section
      aria-labelledby="admin-application-title"
      data-testid="admin-application"
      className="space-y-3 rounded-lg border-2 border-dashed border-amber-400 bg-amber-50 p-4 text-sm"
    >
      <h2 id="admin-application-title" className="font-semibold">
        {t("ADMIN_APPLICATION.TITLE")}
      </h2>
      <div className="flex flex-wrap gap-6">
        {mayRefund && (
          <div className="max-w-xs space-y-1">
            <ConfirmClicksButton
              variant="secondary"
              busy={busy}
              testId="admin-refund"
              onConfirm={() =>
                void run(
                  () => refund.mutateAsync({ id: view.id }),
                  t("ADMIN_APPLICATION.REFUNDED"),
                  (error) => t(refundFailureKey(error)),
                )
              }
            >
              {t("ADMIN_APPLICATION.REFUND")}
            </ConfirmClicksButton>
            <p className="text-slate-700">{t("ADMIN_APPLICATION.REFUND_HINT")}</p>
          </div>
        )}
        {mayClose && (
          <div className="max-w-xs space-y-1">
            <ConfirmClicksButton
              variant="secondary"
              busy={busy}
              testId="admin-close-case"
              onConfirm={() =>
                void run(
                  () => closeCase.mutateAsync({ id: view.id }),
                  t("ADMIN_APPLICATION.CASE_CLOSED"),
                  (error) => t(actionErrorKey(error, "GLOBAL.GENERIC_ERROR")),
                )
              }
            >
              {t("ADMIN_APPLICATION.CLOSE_CASE")}
            </ConfirmClicksButton>
            <p className="text-slate-700">{t("ADMIN_APPLICATION.CLOSE_CASE_HINT")}</p>
          </div>
        )}
      </div>
    </section>
  );
}
