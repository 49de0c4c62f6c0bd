import { createFileRoute } from "@tanstack/react-router";
import { FindInfluencersPage } from "../../../features/find-influencers/find-influencers-page";
import { parseFindState, serializeFindState, validateFindSearch } from "../../../features/find-influencers/find-state";

/** The visitor's teaser of Find influencers: its filters in the URL (spec section 2), no sort, no pagination. */
export const Route = createFileRoute("/(visitor)/find")({
  // Not split: the visitor's landing comes with the route tree instead of after it (issue 17), so its first paint
  // waits for one round of chunks, all preloaded together, not a chain of them.
  codeSplitGroupings: [],
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
