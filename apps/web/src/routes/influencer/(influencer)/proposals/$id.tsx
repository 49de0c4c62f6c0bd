import { createFileRoute } from "@tanstack/react-router";
import { loadApplicationPage } from "../../../../app/shared-loaders";
import { ApplicationPage } from "../../../../features/application-page/application-page";
import { validateApplicationSearch } from "../../../../features/application-page/arbitration-search";

/** One of the influencer's own applications (spec section 2, /proposals/{id}); `?arbitration` opens help. */
export const Route = createFileRoute("/(influencer)/proposals/$id")({
  validateSearch: validateApplicationSearch,
  loader: ({ context, params, cause }) => loadApplicationPage(context, params.id, cause),
  component: InfluencerProposal,
});

function InfluencerProposal() {
  const { id } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ApplicationPage
      key={id}
      rawId={id}
      arbitration={search.arbitration === true}
      onArbitrationClosed={() => void navigate({ search: {}, replace: true })}
    />
  );
}
