import type { EarningsPage as EarningsPageData, TransactionView } from "@market/contracts";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { formatDay, formatSigned, formatUsd } from "../../lib/money-table";
import { trpc } from "../../lib/trpc";
import { useDocumentTitle } from "../../lib/use-document-title";
import { Button } from "../../ui/button";
import { LoadingLine } from "../../ui/query-states";
import { ResultsMessage } from "../../ui/results-message";
import { PayoutTracker } from "./payout-tracker";

/**
 * The influencer's earnings (spec section 2): the balance with the way to a payout, the transactions (i-payment
 * credits and payout debits, spec section 3), the CSV statement, and the payout tracker.
 */
export function EarningsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("EARNINGS.TITLE"));
  const balance = trpc.account.balance.useQuery();
  const query = trpc.earnings.list.useInfiniteQuery(
    {},
    { getNextPageParam: (page: EarningsPageData) => page.nextCursor },
  );
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold">{t("EARNINGS.TITLE")}</h1>
        {items.length > 0 && (
          <Button asChild variant="secondary">
            <a href="/api/earnings/statement.csv" download>
              {t("EARNINGS.DOWNLOAD_STATEMENT")}
            </a>
          </Button>
        )}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-4 rounded-lg border border-slate-200 bg-white p-4">
        <div>
          <p className="text-sm text-slate-600">{t("EARNINGS.BALANCE")}</p>
          <p className="text-2xl font-semibold" data-testid="earnings-balance">
            {balance.data ? formatUsd(balance.data.balanceCents) : "…"}
          </p>
        </div>
        <Button asChild>
          <Link to="/earnings/payout">{t("EARNINGS.REQUEST_PAYOUT")}</Link>
        </Button>
      </div>
      <section aria-labelledby="transactions-heading" className="space-y-3">
        <h2 id="transactions-heading" className="text-lg font-semibold">
          {t("EARNINGS.TRANSACTIONS")}
        </h2>
        {query.isPending ? (
          <LoadingLine />
        ) : query.isError && items.length === 0 ? (
          <ResultsMessage
            role="alert"
            actionLabel={t("GLOBAL.RETRY")}
            onAction={() => void query.refetch()}
            busy={query.isFetching}
          >
            {t("EARNINGS.LOAD_ERROR")}
          </ResultsMessage>
        ) : items.length === 0 ? (
          <p role="status" className="rounded-lg border border-slate-200 bg-white px-6 py-12 text-center text-lg">
            {t("EARNINGS.EMPTY")}
          </p>
        ) : (
          <>
            <TransactionsTable items={items} />
            {query.hasNextPage && (
              <Button
                variant="secondary"
                onClick={() => void query.fetchNextPage()}
                disabled={query.isFetchingNextPage}
                aria-busy={query.isFetchingNextPage}
              >
                {t("EARNINGS.MORE")}
              </Button>
            )}
          </>
        )}
      </section>
      <PayoutTracker />
    </div>
  );
}

function TransactionsTable({ items }: { items: TransactionView[] }) {
  const { t } = useTranslation();
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t("EARNINGS.TRANSACTIONS")}</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th className="px-4 py-2">{t("EARNINGS.DATE")}</th>
            <th className="px-4 py-2">{t("EARNINGS.DESCRIPTION")}</th>
            <th className="px-4 py-2 text-right">{t("EARNINGS.AMOUNT")}</th>
            <th className="px-4 py-2 text-right">{t("EARNINGS.FEES")}</th>
            <th className="px-4 py-2 text-right">{t("EARNINGS.NET")}</th>
            <th className="px-4 py-2">{t("EARNINGS.STATUS")}</th>
            <th className="px-4 py-2">{t("EARNINGS.RELEASE_DATE")}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id} className="border-t border-slate-100">
              <td className="px-4 py-2 whitespace-nowrap">{formatDay(item.date)}</td>
              <td className="px-4 py-2">
                {item.info.deal && item.info.applicationId !== null ? (
                  <Link
                    to="/proposals/$id"
                    params={{ id: String(item.info.applicationId) }}
                    className="font-medium text-indigo-700 hover:underline"
                  >
                    {item.info.deal.title}
                  </Link>
                ) : (
                  t("EARNINGS.PAYOUT_BY", { method: t(`EARNINGS.METHOD_${item.info.method ?? "paypal"}`) })
                )}
              </td>
              <td className="px-4 py-2 text-right">{formatUsd(item.amountCents)}</td>
              <td className="px-4 py-2 text-right">{item.type === "i-payment" ? `${item.feesPercent}%` : "—"}</td>
              <td
                className={`px-4 py-2 text-right font-medium ${item.diffType === "credit" ? "text-emerald-800" : "text-slate-900"}`}
              >
                {formatSigned(item.amountNoFeesCents, item.diffType)}
              </td>
              <td className="px-4 py-2">{t(`EARNINGS.STATUS_${item.status}`)}</td>
              <td className="px-4 py-2 whitespace-nowrap">{item.releaseDate ? formatDay(item.releaseDate) : "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
