import { createFileRoute } from "@tanstack/react-router";
import { InfluencerProfilePage } from "../../../../features/influencer-profile/influencer-profile-page";
import { loadAllTexts } from "../../../../lib/i18n";

/** An influencer's profile for a visitor (spec section 2); Hire leads to /signup. */
export const Route = createFileRoute("/(visitor)/influencers/$id")({
  loader: loadAllTexts,
  component: VisitorInfluencer,
});

function VisitorInfluencer() {
  const { id } = Route.useParams();
  return <InfluencerProfilePage key={id} rawId={id} viewer={{ kind: "visitor" }} />;
}
