import type { PayoutRequested, RequestPayout } from "@market/contracts";
import type { Viewer } from "../../viewer";
import type { RateLimitDeps } from "../auth/rate-limit";
import { createPayout } from "./create-payout";
import { checkPayoutPassword } from "./password-check";
import type { PayoutWriterDeps } from "./payout-jobs";
import { payoutView } from "./payout-view";

/**
 * POST /api/earnings/payout: the password first (outside the lock: hashing is slow), then, under the lock on the
 * influencer's balance, the amount against the balance and the payout with its ledger debit, in one transaction.
 * The balance drops at once; the worker sends the payout.
 */
export async function requestPayout(
  deps: RateLimitDeps & PayoutWriterDeps,
  viewer: Viewer,
  input: RequestPayout,
): Promise<PayoutRequested> {
  await checkPayoutPassword(deps, viewer, input.password);
  const now = deps.clock.now();
  const { payout, balanceCents } = await deps.db.transaction((tx) =>
    createPayout(tx, deps, {
      influencerId: viewer.userId,
      method: input.method,
      amountCents: input.amountInCents,
      email: input.email,
      accountOwnerName: input.accountOwnerName,
      bankAccount: input.bankAccount,
      now,
    }),
  );
  return { payout: payoutView(payout, null), balanceCents };
}
