import { createFileRoute } from "@tanstack/react-router";
import { loadInfluencerProfile } from "../../../../app/shared-loaders";
import { InfluencerProfilePage } from "../../../../features/influencer-profile/influencer-profile-page";

/** Spec section 2: a signed-in influencer opening a profile sees their own (the server answers it). */
export const Route = createFileRoute("/(influencer)/influencers/$id")({
  loader: ({ context, params, cause }) => loadInfluencerProfile(context, params.id, cause),
  component: InfluencerProfile,
});

function InfluencerProfile() {
  const { id } = Route.useParams();
  return <InfluencerProfilePage key={id} rawId={id} viewer={{ kind: "influencer" }} />;
}
