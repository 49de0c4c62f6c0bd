import { hideReviewInput, reviewReportListInput } from "@market/contracts";
import { hideReview } from "../../../services/console/reviews/hide-review";
import { listReviewReports } from "../../../services/console/reviews/list-review-reports";
import { consoleProcedure, router } from "../../../trpc";

/** Reported reviews (issue 40, point 3). No REST shim: the console's screen is their client. */
export const reviewsRouter = router({
  /** Reports, newest first, with the review's text and whether it is hidden; keyset-paged. */
  list: consoleProcedure.input(reviewReportListInput).query(({ ctx, input }) => listReviewReports(ctx, input)),
  /** Hides a reported review everywhere (or shows it again), with a reason the audit log keeps. */
  hide: consoleProcedure.input(hideReviewInput).mutation(({ ctx, input }) => hideReview(ctx, ctx.adminId, input)),
});
