import {
  moneyListInput,
  payoutIdInput,
  payoutListInput,
  requestPayoutInput,
  retryPayoutInput,
} from "@market/contracts";
import { listEarnings } from "../../services/earnings/list-earnings";
import { earningsStatement } from "../../services/earnings/statements";
import { getPayout, listPayouts } from "../../services/payouts/list-payouts";
import { requestPayout } from "../../services/payouts/request-payout";
import { retryPayout } from "../../services/payouts/retry-payout";
import { payoutReceipt } from "../../services/receipts/payout-receipt";
import { influencerProcedure, router } from "../../trpc";

/** The influencer's earnings side (spec sections 2 and 7): transactions, statement, payouts and their tracker. */
export const earningsRouter = router({
  /** GET /api/earnings: the transactions (i-payments and payouts), newest first, keyset-paged. */
  list: influencerProcedure.input(moneyListInput).query(({ ctx, input }) => listEarnings(ctx, ctx.viewer, input)),
  /** GET /api/earnings/statement.csv: every transaction as CSV, named with the date. */
  statement: influencerProcedure.query(({ ctx }) => earningsStatement(ctx, ctx.viewer)),
  /** POST /api/earnings/payout. */
  requestPayout: influencerProcedure
    .input(requestPayoutInput)
    .mutation(({ ctx, input }) => requestPayout(ctx, ctx.viewer, input)),
  /** POST /api/earnings/payouts/{id}/retry: a failed payout again, without typing the amount. */
  retryPayout: influencerProcedure
    .input(retryPayoutInput)
    .mutation(({ ctx, input }) => retryPayout(ctx, ctx.viewer, input)),
  /** GET /api/earnings/payouts: the tracker's data, newest first. */
  payouts: influencerProcedure.input(payoutListInput).query(({ ctx, input }) => listPayouts(ctx, ctx.viewer, input)),
  /** GET /api/earnings/payouts/{id}: one payout, for the retry page opened from a link. */
  payout: influencerProcedure.input(payoutIdInput).query(({ ctx, input }) => getPayout(ctx.db, ctx.viewer, input)),
  /** GET /api/earnings/payouts/{id}/receipt.pdf: the receipt of a paid payout (a PDF). */
  payoutReceipt: influencerProcedure
    .input(payoutIdInput)
    .query(({ ctx, input }) => payoutReceipt(ctx, ctx.viewer, input)),
});
