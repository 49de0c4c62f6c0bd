import { createFileRoute } from "@tanstack/react-router";
import { firstPageOf, loadScreen } from "../../../../../app/screen-load";
import { CasesPage } from "../../../../../features/console/cases/cases-page";
import { CASES_PAGES, casesInputOf, casesSearchOf } from "../../../../../features/console/cases/cases-query";

export const Route = createFileRoute("/(admin)/admin/cases/")({
  validateSearch: casesSearchOf,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queries }, cause, deps }) =>
    loadScreen(cause, () => [
      queries.admin.console.cases.list.prefetchInfinite(casesInputOf(deps), firstPageOf(CASES_PAGES)),
    ]),
  component: CasesPage,
});
