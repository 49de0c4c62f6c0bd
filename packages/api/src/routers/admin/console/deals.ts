import { consoleReviewDealInput, reviewQueueInput } from "@market/contracts";
import { consoleReviewDeal } from "../../../services/console/deals/review-deal";
import { listReviewQueue } from "../../../services/console/deals/review-queue";
import { consoleProcedure, router } from "../../../trpc";

/** The console's deals awaiting review (issue 36, point 2). */
export const dealsRouter = router({
  /** Live deals not reviewed yet, oldest first, keyset-paged, filtered by brand or category. */
  queue: consoleProcedure.input(reviewQueueInput).query(({ ctx, input }) => listReviewQueue(ctx, input)),
  /** Approve, or reject with the reason the brand reads; audited with it. */
  review: consoleProcedure
    .input(consoleReviewDealInput)
    .mutation(({ ctx, input }) => consoleReviewDeal(ctx, { adminId: ctx.adminId }, input)),
});
