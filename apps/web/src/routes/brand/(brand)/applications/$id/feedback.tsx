import { createFileRoute } from "@tanstack/react-router";
import { FeedbackPage } from "../../../../../features/feedback/feedback-page";

/** The brand's feedback on a completed hire (spec section 2, /applications/{id}/feedback). */
export const Route = createFileRoute("/(brand)/applications/$id/feedback")({ component: BrandFeedback });

function BrandFeedback() {
  const { id } = Route.useParams();
  return <FeedbackPage key={id} rawId={id} />;
}
