import { createFileRoute } from "@tanstack/react-router";
import { loadScreen } from "../../../../../app/screen-load";
import { FeedbackPage } from "../../../../../features/feedback/feedback-page";
import { parsePathId } from "../../../../../lib/path-id";

/** The brand's feedback on a completed hire (spec section 2, /applications/{id}/feedback). */
export const Route = createFileRoute("/(brand)/applications/$id/feedback")({
  loader: ({ context: { queries }, params, cause }) => {
    const id = parsePathId(params.id);
    return loadScreen(cause, () => (id === null ? [] : [queries.applications.feedback.prefetch({ id })]));
  },
  component: BrandFeedback,
});

function BrandFeedback() {
  const { id } = Route.useParams();
  return <FeedbackPage key={id} rawId={id} />;
}
