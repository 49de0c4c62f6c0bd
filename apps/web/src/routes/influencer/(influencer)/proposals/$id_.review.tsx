import { createFileRoute } from "@tanstack/react-router";
import { loadScreen } from "../../../../app/screen-load";
import { ReviewPage } from "../../../../features/feedback/review-page";
import { parsePathId } from "../../../../lib/path-id";

/** The influencer's review of the brand on a completed hire (issue 40, /proposals/{id}/review). */
export const Route = createFileRoute("/(influencer)/proposals/$id_/review")({
  loader: ({ context: { queries }, params, cause }) => {
    const id = parsePathId(params.id);
    return loadScreen(cause, () => (id === null ? [] : [queries.applications.review.prefetch({ id })]));
  },
  component: InfluencerReview,
});

function InfluencerReview() {
  const { id } = Route.useParams();
  return <ReviewPage key={id} rawId={id} />;
}
