import { adminRefundInput, applicationIdInput, flagInfluencerInput, reviewDealInput } from "@market/contracts";
import { closeCase } from "../../services/admin/close-case";
import { refundOrRequest } from "../../services/admin/refund-requests";
import { reviewDeal } from "../../services/deals/review-deal";
import { flagInfluencer } from "../../services/influencers/flag-influencer";
import { impersonatingAdminProcedure, router } from "../../trpc";
import { consoleRouter } from "./console/router";

/** What an admin does while impersonating a user (spec section 6); every action is audited. */
export const adminRouter = router({
  /** The operator's console, for an admin in their own session. */
  console: consoleRouter,
  /** POST /admin/api/deals/{id}/ok and POST /admin/api/deals/{id}/ko: answers the reviewed deal as the impersonated user's page shows it. */
  reviewDeal: impersonatingAdminProcedure
    .input(reviewDealInput)
    .mutation(({ ctx, input }) => reviewDeal(ctx, { adminId: ctx.adminId, viewer: ctx.viewer }, input)),
  /** POST /admin/api/influencers/{id}/ok and POST /admin/api/influencers/{id}/ko: KO flags the influencer FAKE (maybeFake) with a reason and note (issue 36), OK lifts the flag (GOOD). */
  flagInfluencer: impersonatingAdminProcedure
    .input(flagInfluencerInput)
    .mutation(({ ctx, input }) =>
      flagInfluencer(ctx, { adminId: ctx.adminId, impersonatedUserId: ctx.viewer.userId }, input),
    ),
  /**
   * POST /admin/api/applications/{id}/close-case: settles the contest and the requests for arbitration; a paused
   * release countdown resumes with the time that was left.
   */
  closeCase: impersonatingAdminProcedure
    .input(applicationIdInput)
    .mutation(({ ctx, input }) => closeCase(ctx, { adminId: ctx.adminId, viewer: ctx.viewer }, input)),
  /**
   * POST /admin/api/applications/{id}/refund: the brand's money back through the gateway; the hire ends (DENIED).
   * Above the two-person rule's threshold it waits for a second admin instead (awaiting_second_approval).
   */
  refund: impersonatingAdminProcedure
    .input(adminRefundInput)
    .mutation(({ ctx, input }) => refundOrRequest(ctx, { adminId: ctx.adminId, viewer: ctx.viewer }, input)),
});
