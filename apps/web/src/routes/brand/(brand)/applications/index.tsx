import { createFileRoute } from "@tanstack/react-router";
import { firstPageOf, loadScreen } from "../../../../app/screen-load";
import { ApplicationsPage } from "../../../../features/application-lists/applications-page";
import { LIST_PAGES } from "../../../../features/application-lists/list-query";
import { applicationListInputOf, applicationListSearchOf } from "../../../../features/application-lists/list-state";

/** The brand's applications across its campaigns (spec section 2): status, sort and query in the URL. */
export const Route = createFileRoute("/(brand)/applications/")({
  validateSearch: applicationListSearchOf("brand"),
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queries }, deps, cause }) =>
    loadScreen(cause, () => [
      queries.applications.list.prefetchInfinite(applicationListInputOf("brand", deps), firstPageOf(LIST_PAGES)),
    ]),
  component: BrandApplications,
});

function BrandApplications() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ApplicationsPage
      kind="brand"
      search={search}
      // The controls stay where they are: a new filter does not jump to the top.
      onSearchChange={(next) => void navigate({ search: next, resetScroll: false })}
    />
  );
}
