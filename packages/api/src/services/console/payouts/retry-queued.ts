import type { ConsolePayoutRetried, consolePayoutRetryInput } from "@market/contracts";
import { type Db, eq, payouts } from "@market/db";
import type { z } from "zod";
import type { Clock } from "../../../clock";
import { fail } from "../../../errors";
import { auditAdminAction } from "../../admin/audit";
import type { PayoutWriterDeps } from "../../payouts/payout-jobs";
import { retryFailedPayout } from "../../payouts/retry-payout";
import { lockQueuedPayout, repollPending, workerHolds } from "./lock-queued";

type RetryInput = z.output<typeof consolePayoutRetryInput>;

/**
 * The operator's Retry (issue 36, point 2), audited in the same transaction:
 * - a failed payout is retried as the influencer would retry it (payouts/retry-payout.ts): a new payout of the same
 *   amount to the same destination, taken from the balance under its lock, once (retry_of_payout_id is unique). The
 *   failed one's transfer failed at the provider, so the new one, under its own reference, cannot pay twice.
 * - a held or stuck payout is handed back to the worker for a poll now (next_attempt_at): it asks the provider under
 *   the payout's own reference, which the provider answers with the transfer it already has, never a second one.
 */
export async function retryQueuedPayout(
  deps: { db: Db; clock: Clock } & PayoutWriterDeps,
  adminId: number,
  input: RetryInput,
): Promise<ConsolePayoutRetried> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const { payout, state } = await lockQueuedPayout(tx, input.id, now);
    if (state !== input.state) fail("conflict", `This payout is no longer ${input.state}: reload the queue.`);
    const audit = {
      adminId,
      impersonatedUserId: null,
      targetType: "payout",
      targetId: payout.id,
      reason: input.reason,
      at: now,
    };
    if (state === "failed") {
      const retried = await retryFailedPayout(tx, deps, payout, null, now);
      await auditAdminAction(tx, {
        ...audit,
        action: "payout_retry",
        details: {
          state,
          amountCents: payout.amountCents,
          influencerId: payout.userId,
          retryPayoutId: retried.payout.id,
        },
      });
      return { outcome: "retried", payoutId: retried.payout.id };
    }
    if (workerHolds(payout, now) || repollPending(payout, now))
      fail("conflict", "The worker is asking the provider about this payout right now.");
    await tx
      .update(payouts)
      .set({ nextAttemptAt: now, claimedUntil: null, updatedAt: now })
      .where(eq(payouts.id, payout.id));
    await deps.payoutJobs?.enqueue(tx, payout.id);
    await auditAdminAction(tx, {
      ...audit,
      action: "payout_repoll",
      details: { state, amountCents: payout.amountCents, influencerId: payout.userId },
    });
    return { outcome: "repoll", payoutId: payout.id };
  });
}
