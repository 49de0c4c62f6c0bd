import { formatUsd, paymentReceiptPath } from "@market/contracts";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { formatDay } from "../../lib/day-format";
import { trpc } from "../../lib/trpc";
import { useDocumentTitle } from "../../lib/use-document-title";
import { Button } from "../../ui/button";
import { MoneyListStates, MoneyPageHeader, MoneyTable, StatementLink } from "../../ui/money-table";
import { HIRES_INPUT, HIRES_PAGES } from "./hires-query";

/**
 * The brand's hire history (spec section 2 Hires): totals released and pending in dollars, the table
 * (description, date, amount, fees, total, status), the CSV statement, loading, error and empty states.
 */
export function HiresPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("HIRES.TITLE"));
  const query = trpc.hires.list.useInfiniteQuery(HIRES_INPUT, HIRES_PAGES);
  const pages = query.data?.pages ?? [];
  const items = pages.flatMap((page) => page.items);
  const totals = pages[0]?.totals;

  return (
    <div className="space-y-6">
      <MoneyPageHeader title={t("HIRES.TITLE")}>
        {items.length > 0 && (
          <StatementLink href="/api/hires/statement.csv">{t("HIRES.DOWNLOAD_STATEMENT")}</StatementLink>
        )}
      </MoneyPageHeader>
      <MoneyListStates
        query={query}
        count={items.length}
        loadError={t("HIRES.LOAD_ERROR")}
        empty={
          <div className="flex flex-col items-center gap-4 rounded-lg border border-slate-200 bg-white px-6 py-12 text-center">
            <p role="status" className="text-lg font-medium">
              {t("HIRES.EMPTY")}
            </p>
            <Button asChild>
              <Link to="/find">{t("NAV.FIND_INFLUENCERS")}</Link>
            </Button>
          </div>
        }
        more={t("HIRES.MORE")}
      >
        {totals && (
          <dl className={`grid gap-4 ${totals.refundedCents > 0 ? "sm:grid-cols-3" : "sm:grid-cols-2"}`}>
            <Total label={t("HIRES.TOTAL_RELEASED")} cents={totals.releasedCents} testId="hires-released" />
            <Total label={t("HIRES.TOTAL_PENDING")} cents={totals.pendingCents} testId="hires-pending" />
            {totals.refundedCents > 0 && (
              <Total label={t("HIRES.TOTAL_REFUNDED")} cents={totals.refundedCents} testId="hires-refunded" />
            )}
          </dl>
        )}
        <MoneyTable
          caption={t("HIRES.TITLE")}
          columns={[
            { label: t("HIRES.DESCRIPTION") },
            { label: t("HIRES.DATE") },
            { label: t("HIRES.AMOUNT"), numeric: true },
            { label: t("HIRES.FEES"), numeric: true },
            { label: t("HIRES.TOTAL"), numeric: true },
            { label: t("HIRES.STATUS") },
            { label: t("HIRES.RECEIPT") },
          ]}
        >
          {items.map((hire) => (
            <tr key={hire.applicationId} className="border-t border-slate-100">
              <td className="px-4 py-2">
                <Link
                  to="/applications/$id"
                  params={{ id: String(hire.applicationId) }}
                  className="font-medium text-indigo-700 hover:underline"
                >
                  {hire.deal.title}
                </Link>
                <span className="block text-slate-600">
                  {t("HIRES.INFLUENCER", { username: hire.influencer.username })}
                </span>
              </td>
              <td className="px-4 py-2 whitespace-nowrap">{formatDay(hire.created)}</td>
              <td className="px-4 py-2 text-right">{formatUsd(hire.amountCents)}</td>
              <td className="px-4 py-2 text-right">{formatUsd(hire.feesCents)}</td>
              <td className="px-4 py-2 text-right font-medium">{formatUsd(hire.amountWithFeesCents)}</td>
              <td className="px-4 py-2">
                {t(`HIRES.STATUS_${hire.status}`)}
                {hire.refundDate && (
                  <span className="block text-slate-600">
                    {t("HIRES.REFUNDED_ON", { date: formatDay(hire.refundDate) })}
                  </span>
                )}
              </td>
              <td className="px-4 py-2">
                {/* Every listed hire was paid: its payment has a receipt (issue 40), a refund shown on it. */}
                <a
                  href={paymentReceiptPath(hire.applicationId)}
                  download
                  className="text-indigo-700 hover:underline"
                  aria-label={t("HIRES.RECEIPT_LABEL", { username: hire.influencer.username, title: hire.deal.title })}
                  data-testid={`hire-receipt-${hire.applicationId}`}
                >
                  {t("HIRES.DOWNLOAD_RECEIPT")}
                </a>
              </td>
            </tr>
          ))}
        </MoneyTable>
      </MoneyListStates>
    </div>
  );
}

function Total({ label, cents, testId }: { label: string; cents: number; testId: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-2xl font-semibold" data-testid={testId}>
        {formatUsd(cents)}
      </dd>
    </div>
  );
}
