import { createFileRoute } from "@tanstack/react-router";
import { FindInfluencersPage } from "../../../features/find-influencers/find-influencers-page";
import { parseFindState, serializeFindState, validateFindSearch } from "../../../features/find-influencers/find-state";

/** The visitor's teaser of Find influencers: its filters in the URL (spec section 2), no sort, no pagination. */
export const Route = createFileRoute("/(visitor)/find")({
  validateSearch: validateFindSearch,
  component: VisitorFind,
});

function VisitorFind() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <FindInfluencersPage
      teaser
      state={parseFindState({ ...search })}
      onStateChange={(state) => void navigate({ search: serializeFindState(state) })}
    />
  );
}
