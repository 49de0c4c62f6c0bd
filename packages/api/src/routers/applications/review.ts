import { applicationIdInput, writeReviewInput } from "@market/contracts";
import { getReview } from "../../services/reviews/get-review";
import { writeReview } from "../../services/reviews/write-review";
import { signedInProcedure } from "../../trpc";

/**
 * The influencer's review of the brand on a completed hire (issue 40, point 3). Open to any signed-in user: the
 * service answers not_found to anyone not a party and forbidden to the brand, so nobody learns of another's
 * application.
 */
export const reviewProcedures = {
  /** GET /api/applications/{id}/review: the review page's data. */
  review: signedInProcedure.input(applicationIdInput).query(({ ctx, input }) => getReview(ctx, ctx.viewer, input)),
  /** POST /api/applications/{id}/review: the influencer's review of the brand, once, until the window closes. */
  writeReview: signedInProcedure
    .input(writeReviewInput)
    .mutation(({ ctx, input }) => writeReview(ctx, ctx.viewer, input)),
};
