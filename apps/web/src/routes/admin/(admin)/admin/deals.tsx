import { createFileRoute } from "@tanstack/react-router";
import { firstPageOf, loadScreen } from "../../../../app/screen-load";
import { ReviewQueuePage } from "../../../../features/console/deals/review-queue-page";
import {
  REVIEW_QUEUE_PAGES,
  reviewQueueInputOf,
  reviewQueueSearchOf,
} from "../../../../features/console/deals/review-queue-query";

/** The console's deals awaiting review (issue 36, point 2). */
export const Route = createFileRoute("/(admin)/admin/deals")({
  validateSearch: reviewQueueSearchOf,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queries }, cause, deps }) =>
    loadScreen(cause, () => [
      queries.admin.console.deals.queue.prefetchInfinite(reviewQueueInputOf(deps), firstPageOf(REVIEW_QUEUE_PAGES)),
    ]),
  component: ReviewQueuePage,
});
