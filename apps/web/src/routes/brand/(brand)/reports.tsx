import { createFileRoute } from "@tanstack/react-router";
import { loadScreen } from "../../../app/screen-load";
import { validateReportSearch } from "../../../features/reports/report-search";
import { ReportsPage } from "../../../features/reports/reports-page";

/**
 * The brand's report over a period (issue 40), the period in the URL. The component is split into its own chunk
 * (the router plugin's autoCodeSplitting), so no other screen loads the report or its charts.
 */
export const Route = createFileRoute("/(brand)/reports")({
  validateSearch: validateReportSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queries }, deps, cause }) => loadScreen(cause, () => [queries.reports.period.prefetch(deps)]),
  component: BrandReports,
});

function BrandReports() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <ReportsPage search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
