import { createFileRoute } from "@tanstack/react-router";
import { loadScreen } from "../../../../app/screen-load";
import { DashboardPage } from "../../../../features/console/dashboard/dashboard-page";
import { dashboardInputOf, dashboardSearchOf } from "../../../../features/console/dashboard/dashboard-query";

/** The console's home (issue 36): the queues' counts and the platform's figures over the period in the URL. */
export const Route = createFileRoute("/(admin)/admin/")({
  validateSearch: dashboardSearchOf,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queries }, cause, deps }) =>
    loadScreen(cause, () => [queries.admin.console.dashboard.get.prefetch(dashboardInputOf(deps))]),
  component: DashboardPage,
});
