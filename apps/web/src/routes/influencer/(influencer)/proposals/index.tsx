import { createFileRoute } from "@tanstack/react-router";
import { firstPageOf, loadScreen } from "../../../../app/screen-load";
import { ApplicationsPage } from "../../../../features/application-lists/applications-page";
import { LIST_PAGES } from "../../../../features/application-lists/list-query";
import { applicationListInputOf, applicationListSearchOf } from "../../../../features/application-lists/list-state";

/** The influencer's own proposals (spec section 2): status, sort and query in the URL. */
export const Route = createFileRoute("/(influencer)/proposals/")({
  validateSearch: applicationListSearchOf("influencer"),
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queries }, deps, cause }) =>
    loadScreen(cause, () => [
      queries.applications.list.prefetchInfinite(applicationListInputOf("influencer", deps), firstPageOf(LIST_PAGES)),
    ]),
  component: InfluencerProposals,
});

function InfluencerProposals() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ApplicationsPage
      kind="influencer"
      search={search}
      onSearchChange={(next) => void navigate({ search: next, resetScroll: false })}
    />
  );
}
