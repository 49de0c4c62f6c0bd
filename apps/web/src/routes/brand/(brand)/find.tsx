import { createFileRoute } from "@tanstack/react-router";
import { loadScreen } from "../../../app/screen-load";
import { FindInfluencersPage } from "../../../features/find-influencers/find-influencers-page";
import {
  brandSearchInputOf,
  findStateOf,
  serializeFindState,
  validateFindSearch,
} from "../../../features/find-influencers/find-state";

/** Find influencers with sort and pagination, the whole state in the URL (spec section 2). */
export const Route = createFileRoute("/(brand)/find")({
  validateSearch: validateFindSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queries }, deps, cause }) =>
    loadScreen(cause, () => [queries.influencers.search.prefetch(brandSearchInputOf(deps))]),
  component: BrandFind,
});

function BrandFind() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <FindInfluencersPage
      teaser={false}
      state={findStateOf(search)}
      onStateChange={(state) => void navigate({ search: serializeFindState(state) })}
    />
  );
}
