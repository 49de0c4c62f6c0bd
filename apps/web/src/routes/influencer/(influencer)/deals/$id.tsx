import { createFileRoute } from "@tanstack/react-router";
import { loadScreen } from "../../../../app/screen-load";
import { DealPage } from "../../../../features/deal-page/deal-page";
import { parsePathId } from "../../../../lib/path-id";

/** One deal (spec section 2, /deals/{id}): an influencer reads it and proposes; an impersonating admin reviews it. */
export const Route = createFileRoute("/(influencer)/deals/$id")({
  loader: ({ context: { queries }, params, cause }) => {
    const id = parsePathId(params.id);
    return loadScreen(cause, () => (id === null ? [] : [queries.deals.get.prefetch({ id })]));
  },
  component: InfluencerDeal,
});

function InfluencerDeal() {
  const { id } = Route.useParams();
  const { user } = Route.useRouteContext();
  return <DealPage key={id} rawId={id} isImpersonating={user.isImpersonating} />;
}
