import { createFileRoute } from "@tanstack/react-router";
import { DealPage } from "../../../../features/deal-page/deal-page";

/** One deal (spec section 2, /deals/{id}): an influencer reads it and proposes; an impersonating admin reviews it. */
export const Route = createFileRoute("/(influencer)/deals/$id")({
  component: InfluencerDeal,
});

function InfluencerDeal() {
  const { id } = Route.useParams();
  const { user } = Route.useRouteContext();
  return <DealPage key={id} rawId={id} isImpersonating={user.isImpersonating} />;
}
