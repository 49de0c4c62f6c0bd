import { createFileRoute } from "@tanstack/react-router";
import { InfluencerProfilePage } from "../../../../features/influencer-profile/influencer-profile-page";

/** An influencer's profile for a brand (spec section 2): Hire from a search, the admin box when impersonating. */
export const Route = createFileRoute("/(brand)/influencers/$id")({
  component: BrandInfluencer,
});

function BrandInfluencer() {
  const { id } = Route.useParams();
  const { user } = Route.useRouteContext();
  return (
    <InfluencerProfilePage key={id} rawId={id} viewer={{ kind: "brand", isImpersonating: user.isImpersonating }} />
  );
}
