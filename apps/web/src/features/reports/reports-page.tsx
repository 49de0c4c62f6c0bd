import { dayOf, type ReportPeriodInput } from "@market/contracts";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { reportCsvPath } from "../../lib/report-paths";
import { trpc } from "../../lib/trpc";
import { useDocumentTitle } from "../../lib/use-document-title";
import { Button } from "../../ui/button";
import { MoneyPageHeader, StatementLink } from "../../ui/money-table";
import { LoadErrorMessage, LoadingLine } from "../../ui/query-states";
import { PeriodPicker } from "./period-picker";
import { ReportView } from "./report-view";

/**
 * /reports (issue 40): the brand's report over a period of all its campaigns, the period in the URL (the route's
 * search is the procedure's input), the CSV of the same period, loading, empty (no hires in the period) and error
 * states. The previous period's report stays on screen, marked busy, until the new one answers.
 */
export function ReportsPage({
  search,
  onSearchChange,
}: {
  search: ReportPeriodInput;
  onSearchChange: (next: Required<ReportPeriodInput>) => void;
}) {
  const { t } = useTranslation();
  useDocumentTitle(t("REPORTS.TITLE"));
  const query = trpc.reports.period.useQuery(search, { placeholderData: (previous) => previous });
  const report = query.data;
  const period = report?.scope.kind === "period" ? report.scope : null;

  return (
    <div className="space-y-6">
      <MoneyPageHeader title={t("REPORTS.TITLE")}>
        {period && report && report.totals.hires > 0 && (
          <StatementLink href={reportCsvPath(period)}>{t("REPORTS.DOWNLOAD_CSV")}</StatementLink>
        )}
      </MoneyPageHeader>
      {period && (
        <PeriodPicker
          key={`${period.from} ${period.to}`}
          period={period}
          today={dayOf(new Date())}
          onChange={onSearchChange}
        />
      )}
      {query.isPending ? (
        <LoadingLine />
      ) : query.isError && !report ? (
        <LoadErrorMessage query={query}>{t("REPORTS.LOAD_ERROR")}</LoadErrorMessage>
      ) : report && report.totals.hires === 0 ? (
        <div className="flex flex-col items-center gap-4 rounded-lg border border-slate-200 bg-white px-6 py-12 text-center">
          <p role="status" className="text-lg font-medium">
            {t("REPORTS.EMPTY_PERIOD")}
          </p>
          <Button asChild>
            <Link to="/find">{t("NAV.FIND_INFLUENCERS")}</Link>
          </Button>
        </div>
      ) : report ? (
        <div aria-busy={query.isPlaceholderData} className={query.isPlaceholderData ? "opacity-60" : undefined}>
          <ReportView report={report} />
        </div>
      ) : null}
    </div>
  );
}
