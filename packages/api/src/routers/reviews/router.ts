import { brandReviewListInput, influencerReviewListInput, reportReviewInput } from "@market/contracts";
import { listBrandReviews, listInfluencerReviews } from "../../services/reviews/list-reviews";
import { reportReview } from "../../services/reviews/report-review";
import { publicProcedure, router, signedInProcedure } from "../../trpc";

/**
 * The profiles' published reviews (issue 40, point 3), newest first, and the report of one to the operator. Only
 * published reviews are in any answer (double blind); who wrote what is public once published.
 */
export const reviewsRouter = router({
  /** GET /api/brands/{id}/reviews: the influencers' reviews of a brand, for signed-in users (brand pages are theirs). */
  ofBrand: signedInProcedure.input(brandReviewListInput).query(({ ctx, input }) => listBrandReviews(ctx, input)),
  /** The brands' feedback on an influencer, public as the influencer's profile is (visitors included). */
  ofInfluencer: publicProcedure
    .input(influencerReviewListInput)
    .query(({ ctx, input }) => listInfluencerReviews(ctx, input)),
  /** Reports a published review to the operator, once per user and review. */
  report: signedInProcedure
    .input(reportReviewInput)
    .mutation(({ ctx, input }) => reportReview(ctx, ctx.viewer.userId, input)),
});
