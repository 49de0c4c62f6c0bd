import { MAX_WEBHOOK_ENDPOINTS, type WebhookEndpointView } from "@market/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatMoment } from "../../../lib/moment-format";
import { REASON_MESSAGE_KEYS, reasonOf } from "../../../lib/reasons";
import { trpc } from "../../../lib/trpc";
import { Button } from "../../../ui/button";
import { toast } from "../../../ui/toast-store";
import { Section, TabLoadError, TabLoading } from "../query-state";
import { AddWebhookDialog } from "./add-webhook-dialog";
import { DeliveryLog } from "./delivery-log";
import { RemoveWebhookDialog } from "./remove-webhook-dialog";
import { RollSecretDialog } from "./roll-secret-dialog";
import { SecretDialog } from "./secret-dialog";

/**
 * The Webhooks tab (issue 39): the account's endpoints, each with its events, its last delivery, whether it is
 * paused (by its owner or after failing) and until when a rolled secret's predecessor still signs, "Send test",
 * "Pause" or "Resume", "Roll secret", "Remove" and its delivery log; "Add endpoint" opens the form, and a new or rolled secret is shown
 * once in its own dialog.
 */
export function WebhooksTab() {
  const { t } = useTranslation();
  const list = trpc.webhooks.list.useQuery();
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);

  if (list.isPending) return <TabLoading />;
  if (list.isError) {
    return (
      <TabLoadError
        message={t(REASON_MESSAGE_KEYS[reasonOf(list.error)])}
        onRetry={() => void list.refetch()}
        busy={list.isFetching}
      />
    );
  }
  const endpoints = list.data;
  const full = endpoints.length >= MAX_WEBHOOK_ENDPOINTS;
  return (
    <Section title={t("SETTINGS.WEBHOOKS.TITLE")} description={t("SETTINGS.WEBHOOKS.INTRO")}>
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={() => setAdding(true)} disabled={full}>
          {t("SETTINGS.WEBHOOKS.ADD")}
        </Button>
        {full && (
          <p className="text-sm text-slate-600">{t("SETTINGS.WEBHOOKS.FULL", { max: MAX_WEBHOOK_ENDPOINTS })}</p>
        )}
      </div>
      {endpoints.length === 0 ? (
        <p className="text-slate-600" data-testid="webhooks-empty">
          {t("SETTINGS.WEBHOOKS.EMPTY")}
        </p>
      ) : (
        <ul className="space-y-4">
          {endpoints.map((endpoint) => (
            <li key={endpoint.id}>
              <EndpointCard endpoint={endpoint} onSecret={(shown) => setSecret({ url: endpoint.url, secret: shown })} />
            </li>
          ))}
        </ul>
      )}
      <AddWebhookDialog
        open={adding}
        onOpenChange={setAdding}
        onCreated={(created) => setSecret({ url: created.endpoint.url, secret: created.secret })}
      />
      <SecretDialog shown={secret} onClose={() => setSecret(null)} />
    </Section>
  );
}

function EndpointCard({ endpoint, onSecret }: { endpoint: WebhookEndpointView; onSecret: (secret: string) => void }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const [removing, setRemoving] = useState(false);
  const [showLog, setShowLog] = useState(false);
  const test = trpc.webhooks.test.useMutation();
  const pause = trpc.webhooks.pause.useMutation();
  const resume = trpc.webhooks.resume.useMutation();
  const toggling = pause.isPending || resume.isPending;
  const logId = `webhook-log-${endpoint.id}`;

  const sendTest = async () => {
    try {
      await test.mutateAsync({ id: endpoint.id });
    } catch (failure) {
      toast.error(t(REASON_MESSAGE_KEYS[reasonOf(failure)]));
      return;
    }
    toast.success(t("SETTINGS.WEBHOOKS.TEST_SENT"));
    setShowLog(true);
    await utils.webhooks.deliveries.invalidate({ id: endpoint.id });
  };

  const togglePause = async () => {
    try {
      if (endpoint.enabled) await pause.mutateAsync({ id: endpoint.id });
      else await resume.mutateAsync({ id: endpoint.id });
    } catch (failure) {
      toast.error(t(REASON_MESSAGE_KEYS[reasonOf(failure)]));
      return;
    }
    toast.success(t(endpoint.enabled ? "SETTINGS.WEBHOOKS.PAUSED_TOAST" : "SETTINGS.WEBHOOKS.RESUMED_TOAST"));
    await utils.webhooks.list.invalidate();
  };

  return (
    <article className="space-y-3 rounded-md border border-slate-200 p-4" data-testid="webhook-endpoint">
      <h3 className="font-mono text-sm font-semibold break-all">{endpoint.url}</h3>
      <p className="text-sm text-slate-700">
        <span className="font-medium">{t("SETTINGS.WEBHOOKS.EVENTS")}: </span>
        {endpoint.events.join(", ")}
      </p>
      <p className="text-sm text-slate-600" data-testid="webhook-last">
        {endpoint.lastDelivery
          ? t("SETTINGS.WEBHOOKS.LAST", {
              status: t(`SETTINGS.WEBHOOKS.STATUS.${endpoint.lastDelivery.status}`),
              code: endpoint.lastDelivery.responseCode ?? "—",
              at: formatMoment(endpoint.lastDelivery.at),
            })
          : t("SETTINGS.WEBHOOKS.NEVER")}
      </p>
      {endpoint.pausedReason && (
        <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="webhook-paused">
          {t(
            endpoint.pausedReason === "owner" ? "SETTINGS.WEBHOOKS.PAUSED_OWNER" : "SETTINGS.WEBHOOKS.PAUSED_FAILING",
            {
              at: formatMoment(endpoint.pausedAt ?? endpoint.createdAt),
            },
          )}
        </p>
      )}
      {endpoint.previousSecretExpiresAt && new Date(endpoint.previousSecretExpiresAt) > new Date() && (
        <p className="text-sm text-slate-600" data-testid="webhook-grace">
          {t("SETTINGS.WEBHOOKS.ROLLED_GRACE", { at: formatMoment(endpoint.previousSecretExpiresAt) })}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          onClick={() => void sendTest()}
          disabled={test.isPending || !endpoint.enabled}
          aria-busy={test.isPending}
        >
          {t("SETTINGS.WEBHOOKS.SEND_TEST")}
        </Button>
        <RollSecretDialog endpoint={endpoint} onRolled={onSecret} />
        <Button
          variant="secondary"
          onClick={() => void togglePause()}
          disabled={toggling}
          aria-busy={toggling}
          data-testid="webhook-toggle"
        >
          {endpoint.enabled ? t("SETTINGS.WEBHOOKS.PAUSE") : t("SETTINGS.WEBHOOKS.RESUME")}
        </Button>
        <Button variant="secondary" aria-expanded={showLog} aria-controls={logId} onClick={() => setShowLog(!showLog)}>
          {showLog ? t("SETTINGS.WEBHOOKS.HIDE_LOG") : t("SETTINGS.WEBHOOKS.SHOW_LOG")}
        </Button>
        <Button variant="ghost" className="text-red-700" onClick={() => setRemoving(true)}>
          {t("SETTINGS.WEBHOOKS.REMOVE")}
        </Button>
      </div>
      <div id={logId}>{showLog && <DeliveryLog endpointId={endpoint.id} />}</div>
      <RemoveWebhookDialog endpoint={removing ? endpoint : null} onClose={() => setRemoving(false)} />
    </article>
  );
}
