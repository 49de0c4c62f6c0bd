import { createFileRoute } from "@tanstack/react-router";
import { FindInfluencersPage } from "../../../features/find-influencers/find-influencers-page";
import { parseFindState, serializeFindState, validateFindSearch } from "../../../features/find-influencers/find-state";

/** Find influencers with sort and pagination, the whole state in the URL (spec section 2). */
export const Route = createFileRoute("/(brand)/find")({
  validateSearch: validateFindSearch,
  component: BrandFind,
});

function BrandFind() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <FindInfluencersPage
      teaser={false}
      state={parseFindState({ ...search })}
      onStateChange={(state) => void navigate({ search: serializeFindState(state) })}
    />
  );
}
