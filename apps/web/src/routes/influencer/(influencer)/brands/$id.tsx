import { createFileRoute } from "@tanstack/react-router";
import { loadScreen } from "../../../../app/screen-load";
import { BrandProfilePage, brandProfileInput } from "../../../../features/brand-profile/brand-profile-page";
import { parsePathId } from "../../../../lib/path-id";

/** A brand's public profile (issue 40, point 2), reached from its deal pages. */
export const Route = createFileRoute("/(influencer)/brands/$id")({
  loader: ({ context: { queries }, params, cause }) =>
    loadScreen(cause, () =>
      parsePathId(params.id) === null ? [] : [queries.brands.profile.prefetch(brandProfileInput(params.id))],
    ),
  component: InfluencerBrandProfile,
});

function InfluencerBrandProfile() {
  const { id } = Route.useParams();
  return <BrandProfilePage key={id} rawId={id} />;
}
