import { payoutListInput, requestPayoutInput, retryPayoutInput } from "@market/contracts";
import { listPayouts } from "../../services/payouts/list-payouts";
import { requestPayout } from "../../services/payouts/request-payout";
import { retryPayout } from "../../services/payouts/retry-payout";
import { influencerProcedure, router } from "../../trpc";

/** The influencer's earnings side (spec sections 2 and 7): payouts and their tracker. */
export const earningsRouter = router({
  /** POST /api/earnings/payout. */
  requestPayout: influencerProcedure
    .input(requestPayoutInput)
    .mutation(({ ctx, input }) => requestPayout(ctx, ctx.viewer, input)),
  /** POST /api/earnings/payouts/{id}/retry: a failed payout again, without typing the amount. */
  retryPayout: influencerProcedure
    .input(retryPayoutInput)
    .mutation(({ ctx, input }) => retryPayout(ctx, ctx.viewer, input)),
  /** GET /api/earnings/payouts: the tracker's data, newest first. */
  payouts: influencerProcedure.input(payoutListInput).query(({ ctx, input }) => listPayouts(ctx.db, ctx.viewer, input)),
});
