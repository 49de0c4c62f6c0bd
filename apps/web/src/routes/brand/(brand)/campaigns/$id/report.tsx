import { createFileRoute } from "@tanstack/react-router";
import { loadScreen } from "../../../../../app/screen-load";
import { CampaignReportPage } from "../../../../../features/reports/campaign-report-page";
import { parsePathId } from "../../../../../lib/path-id";

/** One campaign's report (issue 40), reached from the campaign page and the period report's campaigns. */
export const Route = createFileRoute("/(brand)/campaigns/$id/report")({
  loader: ({ context: { queries }, params, cause }) => {
    const id = parsePathId(params.id);
    return loadScreen(cause, () => (id === null ? [] : [queries.reports.campaign.prefetch({ id })]));
  },
  component: BrandCampaignReport,
});

function BrandCampaignReport() {
  const { id } = Route.useParams();
  return <CampaignReportPage key={id} rawId={id} />;
}
