import { createFileRoute } from "@tanstack/react-router";
import { firstPageOf, loadScreen } from "../../../../app/screen-load";
import { REVIEW_REPORT_PAGES, ReviewReportsPage } from "../../../../features/console/reviews/reviews-page";

/** Reported reviews (issue 40, point 3). */
export const Route = createFileRoute("/(admin)/admin/reviews")({
  loader: ({ context: { queries }, cause }) =>
    loadScreen(cause, () => [
      queries.admin.console.reviews.list.prefetchInfinite({}, firstPageOf(REVIEW_REPORT_PAGES)),
    ]),
  component: ReviewReportsPage,
});
