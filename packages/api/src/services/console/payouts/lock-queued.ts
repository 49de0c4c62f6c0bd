import { type ConsolePayoutState, MINUTE_MS } from "@market/contracts";
import { eq, type Payout, payouts, type Tx } from "@market/db";
import { fail } from "../../../errors";
import { queueStateOf } from "./queue-states";

/**
 * Locks a payout's row for an operator's action and reads its queue state under the lock, so that two actions on
 * one payout (two operators, or an operator and the worker) take turns and the second sees what the first did:
 * a retry of a payout failed a moment ago by another operator, for one, is then a plain conflict.
 */
export async function lockQueuedPayout(
  tx: Tx,
  id: number,
  now: Date,
): Promise<{ payout: Payout; state: ConsolePayoutState | null }> {
  const [payout] = await tx.select().from(payouts).where(eq(payouts.id, id)).for("update");
  if (!payout) fail("not_found");
  const [retry] = await tx
    .select({ id: payouts.id })
    .from(payouts)
    .where(eq(payouts.retryOfPayoutId, payout.id))
    .limit(1);
  return { payout, state: queueStateOf(payout, retry !== undefined, now) };
}

/** The worker holds it right now (a send or a poll under way): an action must wait for its answer. */
export function workerHolds(payout: Payout, now: Date): boolean {
  return payout.claimedUntil !== null && payout.claimedUntil > now;
}

/** How long an operator's re-poll waits for the worker (it sweeps every 10 s) before another action may go ahead. */
export const REPOLL_WAIT_MS = 2 * MINUTE_MS;

/**
 * An operator asked for a poll (retryQueuedPayout) less than REPOLL_WAIT_MS ago and the worker has not answered
 * yet: the payout is due, and nothing touched it since. Its answer may be "paid", so neither a second re-poll nor
 * a Mark failed goes ahead until then: a retry and a mark-failed racing on one payout never both happen. (The
 * worker's own releases set the next attempt at least ten seconds after they write, so they never read as this.)
 */
export function repollPending(payout: Payout, now: Date): boolean {
  return (
    payout.nextAttemptAt !== null &&
    payout.nextAttemptAt <= now &&
    now.getTime() - payout.updatedAt.getTime() < REPOLL_WAIT_MS &&
    payout.nextAttemptAt.getTime() === payout.updatedAt.getTime()
  );
}
