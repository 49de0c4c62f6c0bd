import { type ConsolePayoutDetail, formatUsd, PAYOUT_METHOD_LABELS } from "@market/contracts";
import { getRouteApi, Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { trpc } from "../../../lib/trpc";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { Button } from "../../../ui/button";
import { MoneyPageHeader, MoneyTable } from "../../../ui/money-table";
import { LoadErrorMessage, LoadingLine } from "../../../ui/query-states";
import { impersonateHref } from "../shell/impersonate-href";
import { type PayoutAction, PayoutActionDialog } from "./payout-action-dialog";
import { when } from "./payouts-page";
import { usePayoutAction } from "./use-payout-action";

const route = getRouteApi("/(admin)/admin/payouts/$payoutId");

/**
 * A payout's detail (issue 36, point 2): where it stands, what the provider made for it (ids only, never a token
 * nor a bank number), its retries, and its ledger history; the queue's actions when it is in the queue.
 */
export function PayoutDetailPage() {
  const { t } = useTranslation();
  const { payoutId } = route.useParams();
  const id = Number(payoutId);
  useDocumentTitle(t("CONSOLE_PAYOUTS.DETAIL_TITLE", { id }));
  const query = trpc.admin.console.payouts.get.useQuery({ id });
  if (query.isPending) return <LoadingLine />;
  if (query.isError) {
    return <LoadErrorMessage query={query}>{t("CONSOLE_PAYOUTS.DETAIL_LOAD_ERROR")}</LoadErrorMessage>;
  }
  return <Detail detail={query.data} />;
}

function Detail({ detail }: { detail: ConsolePayoutDetail }) {
  const { t } = useTranslation();
  const { payout } = detail;
  const payoutAction = usePayoutAction();
  const state = payout.queueState;
  const act = (action: PayoutAction) => {
    if (state) {
      payoutAction.start(action, {
        id: payout.id,
        amountCents: payout.amountCents,
        username: payout.influencer.username,
        state,
      });
    }
  };
  const date = (at: string | null) => (at ? when.format(new Date(at)) : "—");
  const facts: [string, string][] = [
    [t("CONSOLE_PAYOUTS.STATUS"), state ? t(`CONSOLE_PAYOUTS.STATE_${state}`) : payout.status],
    [t("CONSOLE_PAYOUTS.AMOUNT"), formatUsd(payout.amountCents)],
    [
      t("CONSOLE_PAYOUTS.METHOD"),
      `${PAYOUT_METHOD_LABELS[payout.method]} · ${t(`CONSOLE_PAYOUTS.PROVIDER_${payout.provider}`)}`,
    ],
    [
      t("CONSOLE_PAYOUTS.DESTINATION"),
      payout.accountOwnerName ? `${payout.destination} (${payout.accountOwnerName})` : payout.destination,
    ],
    [t("CONSOLE_PAYOUTS.REQUESTED"), date(payout.requestedAt)],
    [t("CONSOLE_PAYOUTS.SENT"), date(payout.sentAt)],
    [t("CONSOLE_PAYOUTS.PAID"), date(payout.releaseDate)],
    [t("CONSOLE_PAYOUTS.FAILED"), date(payout.failedAt)],
    [t("CONSOLE_PAYOUTS.NEXT_LOOK"), date(payout.nextAttemptAt)],
    [t("CONSOLE_PAYOUTS.ATTEMPTS_LABEL"), String(payout.attempts)],
    [t("CONSOLE_PAYOUTS.DEAD_LETTERED"), date(payout.deadLetteredAt)],
    [t("CONSOLE_PAYOUTS.PROVIDER_REFERENCE"), payout.providerReference ?? "—"],
    [
      t("CONSOLE_PAYOUTS.WHY"),
      payout.failure
        ? `${t(`CONSOLE_PAYOUTS.FAILURE_${payout.failure.reason}`)}${payout.failure.message ? `: ${payout.failure.message}` : ""}`
        : (payout.holdReason ?? "—"),
    ],
    ...detail.providerState.map(({ key, value }): [string, string] => [
      t("CONSOLE_PAYOUTS.PROVIDER_MADE", { key }),
      value,
    ]),
  ];

  return (
    <div className="space-y-6">
      <p>
        <Link to="/admin/payouts" search={state ? { state } : {}} className="text-brand-700 underline">
          {t("CONSOLE_PAYOUTS.BACK")}
        </Link>
      </p>
      <MoneyPageHeader title={t("CONSOLE_PAYOUTS.DETAIL_TITLE", { id: payout.id })}>
        {state && (
          <div className="flex gap-2">
            <Button onClick={() => act("retry")}>
              {state === "failed" ? t("CONSOLE_PAYOUTS.RETRY") : t("CONSOLE_PAYOUTS.REPOLL")}
            </Button>
            {state !== "failed" && (
              <Button variant="secondary" onClick={() => act("markFailed")}>
                {t("CONSOLE_PAYOUTS.MARK_FAILED")}
              </Button>
            )}
          </div>
        )}
      </MoneyPageHeader>
      <p>
        {t("CONSOLE_PAYOUTS.OF_INFLUENCER", { username: payout.influencer.username, email: payout.influencer.email })}{" "}
        <a className="text-brand-700 underline" href={impersonateHref("influencer", payout.influencer.id, "/earnings")}>
          {t("CONSOLE_PAYOUTS.ACT_AS", { username: payout.influencer.username })}
        </a>
      </p>
      <dl className="grid gap-x-6 gap-y-2 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-[max-content_1fr]">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-slate-700">{label}</dt>
            <dd className="break-all">{value}</dd>
          </div>
        ))}
      </dl>
      {(payout.retryOf || payout.retriedBy) && (
        <p>
          {payout.retryOf && (
            <Link
              to="/admin/payouts/$payoutId"
              params={{ payoutId: String(payout.retryOf) }}
              className="mr-4 text-brand-700 underline"
            >
              {t("CONSOLE_PAYOUTS.RETRY_OF", { id: payout.retryOf })}
            </Link>
          )}
          {payout.retriedBy && (
            <Link
              to="/admin/payouts/$payoutId"
              params={{ payoutId: String(payout.retriedBy) }}
              className="text-brand-700 underline"
            >
              {t("CONSOLE_PAYOUTS.RETRIED_BY", { id: payout.retriedBy })}
            </Link>
          )}
        </p>
      )}
      <h2 className="text-lg font-semibold">{t("CONSOLE_PAYOUTS.LEDGER")}</h2>
      <MoneyTable
        caption={t("CONSOLE_PAYOUTS.LEDGER")}
        columns={[
          { label: t("CONSOLE_PAYOUTS.WHEN") },
          { label: t("CONSOLE_PAYOUTS.KIND") },
          { label: t("CONSOLE_PAYOUTS.ENTRIES") },
        ]}
      >
        {detail.ledger.map((transaction) => (
          <tr key={transaction.id} className="border-t border-slate-100 align-top">
            <td className="px-4 py-2 whitespace-nowrap">{date(transaction.at)}</td>
            <td className="px-4 py-2 font-mono text-xs">{transaction.kind}</td>
            <td className="px-4 py-2">
              <ul>
                {transaction.entries.map((entry) => (
                  <li key={entry.account} className="flex justify-between gap-4 font-mono text-xs">
                    <span>{entry.account}</span>
                    <span className="tabular-nums">{formatUsd(entry.amountCents)}</span>
                  </li>
                ))}
              </ul>
            </td>
          </tr>
        ))}
      </MoneyTable>
      <PayoutActionDialog {...payoutAction.dialog} />
    </div>
  );
}
