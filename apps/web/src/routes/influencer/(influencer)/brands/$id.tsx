import { createFileRoute } from "@tanstack/react-router";
import { firstPageOf, loadScreen } from "../../../../app/screen-load";
import { BrandProfilePage, brandProfileInput } from "../../../../features/brand-profile/brand-profile-page";
import { parsePathId } from "../../../../lib/path-id";
import { REVIEW_LIST_PAGES } from "../../../../ui/reviews/review-list";

/** A brand's public profile (issue 40, point 2), reached from its deal pages. */
export const Route = createFileRoute("/(influencer)/brands/$id")({
  loader: ({ context: { queries }, params, cause }) =>
    loadScreen(cause, () => {
      const id = parsePathId(params.id);
      if (id === null) return [];
      return [
        queries.brands.profile.prefetch(brandProfileInput(params.id)),
        // The influencers' published reviews of the brand, below its figures (issue 40, point 3).
        queries.reviews.ofBrand.prefetchInfinite({ id }, firstPageOf(REVIEW_LIST_PAGES)),
      ];
    }),
  component: InfluencerBrandProfile,
});

function InfluencerBrandProfile() {
  const { id } = Route.useParams();
  return <BrandProfilePage key={id} rawId={id} />;
}
