import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { pageObjectQuery } from "../../lib/load-state";
import { parsePathId } from "../../lib/path-id";
import { REPORTS_PATH } from "../../lib/report-paths";
import { trpc } from "../../lib/trpc";
import { useDocumentTitle } from "../../lib/use-document-title";
import { NotFoundPanel, QueryStates } from "../../ui/query-states";
import { ReportView } from "./report-view";

/**
 * /campaigns/{id}/report (issue 40): one campaign's report, every paid hire of it. Another brand's campaign or an
 * unknown id says it does not exist; a campaign without hires says so.
 */
export function CampaignReportPage({ rawId }: { rawId: string }) {
  const { t } = useTranslation();
  const id = parsePathId(rawId);
  const query = trpc.reports.campaign.useQuery(
    { id: id ?? 0 },
    { enabled: id !== null, ...pageObjectQuery(["not_found"]) },
  );
  const title = query.data?.scope.kind === "campaign" ? query.data.scope.campaign.title : null;
  useDocumentTitle(title ? t("REPORTS.CAMPAIGN_TITLE", { title }) : t("REPORTS.TITLE"));
  const back = (
    <Link to={REPORTS_PATH} className="inline-block font-medium text-brand-800 underline">
      {t("REPORTS.BACK")}
    </Link>
  );
  return (
    <QueryStates
      query={query}
      validId={id !== null}
      notFound={<NotFoundPanel back={back}>{t("CAMPAIGN.NOT_FOUND")}</NotFoundPanel>}
      back={back}
      loadError={t("REPORTS.LOAD_ERROR")}
    >
      {(report) => (
        <div className="space-y-6">
          {back}
          <h1 className="text-2xl font-bold">
            {t("REPORTS.CAMPAIGN_TITLE", {
              title: report.scope.kind === "campaign" ? report.scope.campaign.title : "",
            })}
          </h1>
          {report.totals.hires === 0 ? (
            <p role="status" className="rounded-lg border border-slate-200 bg-white px-6 py-12 text-center text-lg">
              {t("REPORTS.EMPTY_CAMPAIGN")}
            </p>
          ) : (
            <ReportView report={report} />
          )}
        </div>
      )}
    </QueryStates>
  );
}
