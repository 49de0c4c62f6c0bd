import { reviewDealInput } from "@market/contracts";
import { reviewDeal } from "../../services/deals/review-deal";
import { impersonatingAdminProcedure, router } from "../../trpc";

/** What an admin does while impersonating a user (spec section 6); every action is audited. */
export const adminRouter = router({
  /** POST /admin/api/deals/{id}/ok|ko: answers the reviewed deal. */
  reviewDeal: impersonatingAdminProcedure
    .input(reviewDealInput)
    .mutation(({ ctx, input }) =>
      reviewDeal(ctx, { adminId: ctx.adminId, impersonatedUserId: ctx.viewer.userId }, input),
    ),
});
