import { createFileRoute } from "@tanstack/react-router";
import { loadInfluencerProfile } from "../../../../app/shared-loaders";
import { InfluencerProfilePage } from "../../../../features/influencer-profile/influencer-profile-page";
import { validateProfileSearch } from "../../../../features/influencer-profile/profile-search";

/**
 * An influencer's profile for a brand (spec section 2): Hire from a search, the admin box when impersonating, and
 * the way back to the application it was opened from (`?application=`).
 */
export const Route = createFileRoute("/(brand)/influencers/$id")({
  validateSearch: validateProfileSearch,
  loader: ({ context, params, cause }) => loadInfluencerProfile(context, params.id, cause),
  component: BrandInfluencer,
});

function BrandInfluencer() {
  const { id } = Route.useParams();
  const { application } = Route.useSearch();
  const { user } = Route.useRouteContext();
  return (
    <InfluencerProfilePage
      key={id}
      rawId={id}
      viewer={{ kind: "brand", isImpersonating: user.isImpersonating, fromApplication: application }}
    />
  );
}
