import type { HiresPage as HiresPageData } from "@market/contracts";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { formatDay, formatUsd } from "../../lib/money-table";
import { trpc } from "../../lib/trpc";
import { useDocumentTitle } from "../../lib/use-document-title";
import { Button } from "../../ui/button";
import { LoadingLine } from "../../ui/query-states";
import { ResultsMessage } from "../../ui/results-message";

/**
 * The brand's hire history (spec section 2 Hires): totals released and pending in dollars, the table
 * (description, date, amount, fees, total, status), the CSV statement, loading, error and empty states.
 */
export function HiresPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("HIRES.TITLE"));
  const query = trpc.hires.list.useInfiniteQuery({}, { getNextPageParam: (page: HiresPageData) => page.nextCursor });
  const pages = query.data?.pages ?? [];
  const items = pages.flatMap((page) => page.items);
  const totals = pages[0]?.totals;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold">{t("HIRES.TITLE")}</h1>
        {items.length > 0 && (
          <Button asChild variant="secondary">
            <a href="/api/hires/statement.csv" download>
              {t("HIRES.DOWNLOAD_STATEMENT")}
            </a>
          </Button>
        )}
      </div>
      {query.isPending ? (
        <LoadingLine />
      ) : query.isError && items.length === 0 ? (
        <ResultsMessage
          role="alert"
          actionLabel={t("GLOBAL.RETRY")}
          onAction={() => void query.refetch()}
          busy={query.isFetching}
        >
          {t("HIRES.LOAD_ERROR")}
        </ResultsMessage>
      ) : items.length === 0 ? (
        <div className="flex flex-col items-center gap-4 rounded-lg border border-slate-200 bg-white px-6 py-12 text-center">
          <p role="status" className="text-lg font-medium">
            {t("HIRES.EMPTY")}
          </p>
          <Button asChild>
            <Link to="/find">{t("NAV.FIND_INFLUENCERS")}</Link>
          </Button>
        </div>
      ) : (
        <>
          {totals && (
            <dl className="grid gap-4 sm:grid-cols-2">
              <div className="rounded-lg border border-slate-200 bg-white p-4">
                <dt className="text-sm text-slate-600">{t("HIRES.TOTAL_RELEASED")}</dt>
                <dd className="text-2xl font-semibold" data-testid="hires-released">
                  {formatUsd(totals.releasedCents)}
                </dd>
              </div>
              <div className="rounded-lg border border-slate-200 bg-white p-4">
                <dt className="text-sm text-slate-600">{t("HIRES.TOTAL_PENDING")}</dt>
                <dd className="text-2xl font-semibold" data-testid="hires-pending">
                  {formatUsd(totals.pendingCents)}
                </dd>
              </div>
            </dl>
          )}
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{t("HIRES.TITLE")}</caption>
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  <th className="px-4 py-2">{t("HIRES.DESCRIPTION")}</th>
                  <th className="px-4 py-2">{t("HIRES.DATE")}</th>
                  <th className="px-4 py-2 text-right">{t("HIRES.AMOUNT")}</th>
                  <th className="px-4 py-2 text-right">{t("HIRES.FEES")}</th>
                  <th className="px-4 py-2 text-right">{t("HIRES.TOTAL")}</th>
                  <th className="px-4 py-2">{t("HIRES.STATUS")}</th>
                </tr>
              </thead>
              <tbody>
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
                    <td className="px-4 py-2">{t(`HIRES.STATUS_${hire.status}`)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {query.hasNextPage && (
            <Button
              variant="secondary"
              onClick={() => void query.fetchNextPage()}
              disabled={query.isFetchingNextPage}
              aria-busy={query.isFetchingNextPage}
            >
              {t("HIRES.MORE")}
            </Button>
          )}
        </>
      )}
    </div>
  );
}
