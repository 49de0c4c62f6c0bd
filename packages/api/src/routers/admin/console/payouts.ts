import {
  consolePayoutFailInput,
  consolePayoutIdInput,
  consolePayoutListInput,
  consolePayoutRetryInput,
} from "@market/contracts";
import { failQueuedPayout } from "../../../services/console/payouts/fail-queued";
import { countPayoutQueue, listPayoutQueue } from "../../../services/console/payouts/list-queue";
import { getConsolePayout } from "../../../services/console/payouts/payout-detail";
import { retryQueuedPayout } from "../../../services/console/payouts/retry-queued";
import { consoleProcedure, router } from "../../../trpc";

/** The console's payouts queue (issue 36, point 2): failed, held and stuck payouts; retry, or mark failed. */
export const payoutsRouter = router({
  list: consoleProcedure.input(consolePayoutListInput).query(({ ctx, input }) => listPayoutQueue(ctx, input)),
  counts: consoleProcedure.query(({ ctx }) => countPayoutQueue(ctx)),
  get: consoleProcedure.input(consolePayoutIdInput).query(({ ctx, input }) => getConsolePayout(ctx, input)),
  retry: consoleProcedure
    .input(consolePayoutRetryInput)
    .mutation(({ ctx, input }) => retryQueuedPayout(ctx, ctx.adminId, input)),
  markFailed: consoleProcedure
    .input(consolePayoutFailInput)
    .mutation(({ ctx, input }) => failQueuedPayout(ctx, ctx.adminId, input)),
});
