import type { PayoutRequested, retryPayoutInput } from "@market/contracts";
import { and, eq, type Payout, payouts, type Tx } from "@market/db";
import type { z } from "zod";
import { fail } from "../../errors";
import type { Viewer } from "../../viewer";
import type { RateLimitDeps } from "../auth/rate-limit";
import { openBankAccount } from "./bank-account-seal";
import { createPayout } from "./create-payout";
import { checkPayoutPassword } from "./password-check";
import type { PayoutWriterDeps } from "./payout-jobs";
import { payoutView } from "./payout-view";

type Retry = z.output<typeof retryPayoutInput>;
type NewDestination = NonNullable<Retry["destination"]>;

/**
 * The retry itself, in the caller's transaction with the failed payout's row locked (the influencer's retry, and the
 * operator's from the console): refused unless it failed and was never retried; a new payout to `destination`, or
 * to the failed one's.
 */
export async function retryFailedPayout(
  tx: Tx,
  deps: PayoutWriterDeps,
  failed: Payout,
  destination: NewDestination | null,
  now: Date,
): Promise<{ payout: Payout; balanceCents: number }> {
  if (failed.status !== "failed" && failed.status !== "cancelled") fail("conflict");
  const [retried] = await tx
    .select({ id: payouts.id })
    .from(payouts)
    .where(eq(payouts.retryOfPayoutId, failed.id))
    .limit(1);
  if (retried) fail("conflict");
  // The same destination: the failed payout's bank account too, opened to be sealed again with the current key.
  const to = destination ?? {
    ...failed,
    bankAccount: failed.bankAccount ? openBankAccount(deps.tokenCipher, failed.bankAccount) : null,
  };
  return createPayout(tx, deps, {
    influencerId: failed.userId,
    method: to.method,
    amountCents: failed.amountCents,
    email: to.email,
    accountOwnerName: to.accountOwnerName,
    bankAccount: to.bankAccount,
    retryOfPayoutId: failed.id,
    now,
  });
}

/**
 * Retries a failed payout (the tracker, beyond the spec): a new payout of the same amount, to the same destination
 * or, with the password, to a new one. The failed payout's money came back to the balance in the transaction that
 * failed it; the retry takes it out again under the lock on the balance (not_enough_earnings if it was spent since).
 * A failed payout is retried once: a second retry, even at the same moment, is a conflict (and the unique index on
 * retry_of_payout_id backs that up).
 */
export async function retryPayout(
  deps: RateLimitDeps & PayoutWriterDeps,
  viewer: Viewer,
  input: Retry,
): Promise<PayoutRequested> {
  if (input.destination) await checkPayoutPassword(deps, viewer, input.destination.password);
  else if (viewer.impersonatorId !== null) fail("forbidden");
  const now = deps.clock.now();
  const { payout, balanceCents } = await deps.db.transaction(async (tx) => {
    const [failed] = await tx
      .select()
      .from(payouts)
      .where(and(eq(payouts.id, input.id), eq(payouts.userId, viewer.userId)))
      .for("update");
    if (!failed) fail("not_found");
    return retryFailedPayout(tx, deps, failed, input.destination ?? null, now);
  });
  return { payout: payoutView(payout, null), balanceCents };
}
