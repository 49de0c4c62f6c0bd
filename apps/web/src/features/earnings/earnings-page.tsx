import {
  formatSignedUsd,
  formatUsd,
  MIN_PAYOUT_CENTS,
  PAYOUT_METHOD_LABELS,
  type TransactionView,
} from "@market/contracts";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { formatDay } from "../../lib/day-format";
import { trpc } from "../../lib/trpc";
import { useDocumentTitle } from "../../lib/use-document-title";
import { Button } from "../../ui/button";
import { MoneyListStates, MoneyPageHeader, MoneyTable, StatementLink } from "../../ui/money-table";
import { EARNINGS_INPUT, EARNINGS_PAGES } from "./earnings-query";
import { PayoutTracker } from "./payout-tracker";

/**
 * The influencer's earnings (spec section 2): the balance with the way to a payout, the transactions (i-payment
 * credits and payout debits, spec section 3), the CSV statement, and the payout tracker.
 */
export function EarningsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("EARNINGS.TITLE"));
  const balance = trpc.account.balance.useQuery();
  const query = trpc.earnings.list.useInfiniteQuery(EARNINGS_INPUT, EARNINGS_PAGES);
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <div className="space-y-6">
      <MoneyPageHeader title={t("EARNINGS.TITLE")}>
        {items.length > 0 && (
          <StatementLink href="/api/earnings/statement.csv">{t("EARNINGS.DOWNLOAD_STATEMENT")}</StatementLink>
        )}
      </MoneyPageHeader>
      <div className="flex flex-wrap items-center justify-between gap-4 rounded-lg border border-slate-200 bg-white p-4">
        <div>
          <p className="text-sm text-slate-600">{t("EARNINGS.BALANCE")}</p>
          <p className="text-2xl font-semibold" data-testid="earnings-balance">
            {balance.data ? formatUsd(balance.data.balanceCents) : "…"}
          </p>
        </div>
        <PayoutAction balanceCents={balance.data?.balanceCents} />
      </div>
      <section aria-labelledby="transactions-heading" className="space-y-3">
        <h2 id="transactions-heading" className="text-lg font-semibold">
          {t("EARNINGS.TRANSACTIONS")}
        </h2>
        <MoneyListStates
          query={query}
          count={items.length}
          loadError={t("EARNINGS.LOAD_ERROR")}
          empty={
            <p role="status" className="rounded-lg border border-slate-200 bg-white px-6 py-12 text-center text-lg">
              {t("EARNINGS.EMPTY")}
            </p>
          }
          more={t("EARNINGS.MORE")}
        >
          <TransactionsTable items={items} />
        </MoneyListStates>
      </section>
      <PayoutTracker />
    </div>
  );
}

/**
 * The way to a payout. Below the minimum the button stays where it is, disabled, with the reason beside it, rather
 * than leading to a page that refuses; while the balance loads it leads on (the payout page checks again).
 */
function PayoutAction({ balanceCents }: { balanceCents: number | undefined }) {
  const { t } = useTranslation();
  if (balanceCents === undefined || balanceCents >= MIN_PAYOUT_CENTS) {
    return (
      <Button asChild>
        <Link to="/earnings/payout">{t("EARNINGS.REQUEST_PAYOUT")}</Link>
      </Button>
    );
  }
  return (
    <div className="flex max-w-xs flex-col items-end gap-1 text-right">
      <Button disabled aria-describedby="payout-minimum-reason">
        {t("EARNINGS.REQUEST_PAYOUT")}
      </Button>
      <p id="payout-minimum-reason" className="text-sm text-slate-600">
        {t("EARNINGS.PAYOUT.BELOW_MINIMUM", { minimum: formatUsd(MIN_PAYOUT_CENTS) })}
      </p>
    </div>
  );
}

function TransactionsTable({ items }: { items: TransactionView[] }) {
  const { t } = useTranslation();
  return (
    <MoneyTable
      caption={t("EARNINGS.TRANSACTIONS")}
      columns={[
        { label: t("EARNINGS.DATE") },
        { label: t("EARNINGS.DESCRIPTION") },
        { label: t("EARNINGS.AMOUNT"), numeric: true },
        { label: t("EARNINGS.FEES"), numeric: true },
        { label: t("EARNINGS.NET"), numeric: true },
        { label: t("EARNINGS.STATUS") },
        { label: t("EARNINGS.RELEASE_DATE") },
      ]}
    >
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
              // A failed payout shows twice: its debit, then its money coming back (money.md), so the rows add up.
              t(item.type === "payout-return" ? "EARNINGS.PAYOUT_RETURNED" : "EARNINGS.PAYOUT_BY", {
                method: item.info.method ? PAYOUT_METHOD_LABELS[item.info.method] : "",
              })
            )}
          </td>
          <td className="px-4 py-2 text-right">{formatUsd(item.amountCents)}</td>
          <td className="px-4 py-2 text-right">{item.type === "i-payment" ? `${item.feesPercent}%` : "—"}</td>
          {item.refundDate ? (
            // A refunded hire's money went back to the brand: its amount shows struck through, never as a credit.
            <td className="px-4 py-2 text-right font-medium text-slate-500">
              <s>{formatUsd(item.amountNoFeesCents)}</s>
            </td>
          ) : (
            <td
              className={`px-4 py-2 text-right font-medium ${item.diffType === "credit" ? "text-emerald-800" : "text-slate-900"}`}
            >
              {formatSignedUsd(item.amountNoFeesCents, item.diffType)}
            </td>
          )}
          <td className="px-4 py-2">
            {t(`EARNINGS.STATUS_${item.status}`)}
            {item.refundDate && (
              <span className="block text-slate-600">
                {t("EARNINGS.REFUNDED_ON", { date: formatDay(item.refundDate) })}
              </span>
            )}
          </td>
          <td className="px-4 py-2 whitespace-nowrap">{item.releaseDate ? formatDay(item.releaseDate) : "—"}</td>
        </tr>
      ))}
    </MoneyTable>
  );
}
