import { approveRefundInput, refundRequestListInput, rejectRefundInput } from "@market/contracts";
import { approveRefundRequest, rejectRefundRequest } from "../../../services/admin/refund-requests";
import { listRefundRequests } from "../../../services/console/refunds/list-refund-requests";
import { consoleProcedure, router } from "../../../trpc";

/** The two-person rule's queue (issue 36, point 4): refunds above the threshold wait here for a second admin. */
export const refundsRouter = router({
  list: consoleProcedure
    .input(refundRequestListInput)
    .query(({ ctx, input }) => listRefundRequests(ctx, ctx.adminId, input)),
  /** Another admin than the requester approves: the refund executes. */
  approve: consoleProcedure
    .input(approveRefundInput)
    .mutation(({ ctx, input }) => approveRefundRequest(ctx, ctx.adminId, input)),
  /** Any admin rejects (the requester withdraws) with a reason; nothing moves. */
  reject: consoleProcedure
    .input(rejectRefundInput)
    .mutation(({ ctx, input }) => rejectRefundRequest(ctx, ctx.adminId, input)),
});
