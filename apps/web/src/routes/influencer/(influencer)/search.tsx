import { createFileRoute } from "@tanstack/react-router";
import { loadScreen } from "../../../app/screen-load";
import {
  dealSearchInputOf,
  dealSearchStateOf,
  serializeDealSearchState,
  validateDealSearch,
} from "../../../features/find-deals/deal-search-state";
import { FindDealsPage } from "../../../features/find-deals/find-deals-page";

/** Find deals, the influencer's home (spec section 2): the whole state in the URL. */
export const Route = createFileRoute("/(influencer)/search")({
  validateSearch: validateDealSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queries }, deps, cause }) =>
    loadScreen(cause, () => [queries.deals.search.prefetch(dealSearchInputOf(deps))]),
  component: InfluencerSearch,
});

function InfluencerSearch() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <FindDealsPage
      state={dealSearchStateOf(search)}
      // The page keeps its scroll position: a page flip scrolls to the top of the results itself, and a filter
      // change leaves the filters where they were.
      onStateChange={(state) => void navigate({ search: serializeDealSearchState(state), resetScroll: false })}
    />
  );
}
