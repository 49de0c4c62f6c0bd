import type { WebhookDeliveryView } from "@market/contracts";
import { useTranslation } from "react-i18next";
import { formatMoment } from "../../../lib/moment-format";
import { REASON_MESSAGE_KEYS, reasonOf } from "../../../lib/reasons";
import { trpc } from "../../../lib/trpc";
import { Button } from "../../../ui/button";
import { toast } from "../../../ui/toast-store";
import { TabLoadError, TabLoading } from "../query-state";

/** While a delivery waits for its first attempt the log looks again this often: the sender passes every 2 s. */
const PENDING_REFRESH_MS = 3_000;

/** An endpoint's delivery log, newest first, 20 at a time ("Older"), each with "Resend". */
export function DeliveryLog({ endpointId }: { endpointId: number }) {
  const { t } = useTranslation();
  const log = trpc.webhooks.deliveries.useInfiniteQuery(
    { id: endpointId },
    {
      getNextPageParam: (page) => page.nextCursor ?? undefined,
      refetchInterval: (query) =>
        query.state.data?.pages.some((page) =>
          page.items.some((item) => item.status === "pending" && item.attempts === 0),
        )
          ? PENDING_REFRESH_MS
          : false,
    },
  );
  if (log.isPending) return <TabLoading />;
  if (log.isError) {
    return (
      <TabLoadError
        message={t(REASON_MESSAGE_KEYS[reasonOf(log.error)])}
        onRetry={() => void log.refetch()}
        busy={log.isFetching}
      />
    );
  }
  const items = log.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <p className="text-sm text-slate-600">{t("SETTINGS.WEBHOOKS.LOG_EMPTY")}</p>;
  return (
    <div className="space-y-3">
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm" data-testid="webhook-log">
          <caption className="sr-only">{t("SETTINGS.WEBHOOKS.LOG")}</caption>
          <thead className="border-b border-slate-200 text-slate-600">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">
                {t("SETTINGS.WEBHOOKS.EVENT")}
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                {t("SETTINGS.WEBHOOKS.STATUS_COLUMN")}
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-medium">
                {t("SETTINGS.WEBHOOKS.CODE")}
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                {t("SETTINGS.WEBHOOKS.TIME")}
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-medium">
                {t("SETTINGS.WEBHOOKS.ATTEMPTS")}
              </th>
              <th scope="col" className="py-2 font-medium">
                <span className="sr-only">{t("SETTINGS.WEBHOOKS.ACTIONS")}</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {items.map((item) => (
              <DeliveryRow key={item.id} endpointId={endpointId} delivery={item} />
            ))}
          </tbody>
        </table>
      </div>
      {log.hasNextPage && (
        <Button
          variant="secondary"
          onClick={() => void log.fetchNextPage()}
          disabled={log.isFetchingNextPage}
          aria-busy={log.isFetchingNextPage}
        >
          {t("SETTINGS.WEBHOOKS.OLDER")}
        </Button>
      )}
    </div>
  );
}

function DeliveryRow({ endpointId, delivery }: { endpointId: number; delivery: WebhookDeliveryView }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const resend = trpc.webhooks.resend.useMutation();
  const onResend = async () => {
    try {
      await resend.mutateAsync({ id: delivery.id });
    } catch (failure) {
      toast.error(t(REASON_MESSAGE_KEYS[reasonOf(failure)]));
      return;
    }
    toast.success(t("SETTINGS.WEBHOOKS.RESENT"));
    await utils.webhooks.deliveries.invalidate({ id: endpointId });
  };
  const at = delivery.lastAttemptAt ?? delivery.createdAt;
  return (
    <tr data-testid="webhook-delivery" data-status={delivery.status}>
      <td className="py-2 pr-3 font-mono">{delivery.eventType}</td>
      <td className="py-2 pr-3">
        {t(`SETTINGS.WEBHOOKS.STATUS.${delivery.status}`)}
        {delivery.error && (
          <span className="block text-xs text-slate-600">{t(`SETTINGS.WEBHOOKS.ERROR.${delivery.error}`)}</span>
        )}
      </td>
      <td className="py-2 pr-3 text-right tabular-nums" data-testid="webhook-code">
        {delivery.responseCode ?? "—"}
      </td>
      <td className="py-2 pr-3">
        <time dateTime={at}>{formatMoment(at)}</time>
        {delivery.durationMs !== null && <span className="block text-xs text-slate-600">{delivery.durationMs} ms</span>}
      </td>
      <td className="py-2 pr-3 text-right tabular-nums">{delivery.attempts}</td>
      <td className="py-2">
        <Button
          variant="ghost"
          onClick={() => void onResend()}
          disabled={resend.isPending}
          aria-busy={resend.isPending}
        >
          {t("SETTINGS.WEBHOOKS.RESEND")}
          <span className="sr-only"> {delivery.eventType}</span>
        </Button>
      </td>
    </tr>
  );
}
