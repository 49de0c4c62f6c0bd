import { bankAccountSummary, type PayoutMethod, type UsBankAccount } from "@market/contracts";
import { type Payout, payouts, type Tx } from "@market/db";
import { fail } from "../../errors";
import { ledgerAccount } from "../ledger/accounts";
import { postLedgerTransaction } from "../ledger/post";
import { lockInfluencerBalance } from "./account-lock";
import { sealBankAccount } from "./bank-account-seal";
import type { PayoutWriterDeps } from "./payout-jobs";

export interface NewPayoutRequest {
  influencerId: number;
  method: PayoutMethod;
  amountCents: number;
  email: string;
  accountOwnerName: string | null;
  /** transferwise to a bank account: its details, sealed with `cipher` before they are written. */
  bankAccount: UsBankAccount | null;
  retryOfPayoutId?: number;
  now: Date;
}

/**
 * Writes a payout and its ledger transaction (money.md: influencer -A, payouts:pending +A) under the lock on the
 * influencer's balance, refusing more than the balance (not_enough_earnings), and sends its job in the same
 * transaction (payout-jobs.ts): the worker picks it up at once. Answers the payout and the balance it leaves.
 */
export async function createPayout(
  tx: Tx,
  deps: PayoutWriterDeps,
  request: NewPayoutRequest,
): Promise<{ payout: Payout; balanceCents: number }> {
  const balanceCents = await lockInfluencerBalance(tx, request.influencerId);
  if (request.amountCents > balanceCents) fail("not_enough_earnings");
  const [payout] = await tx
    .insert(payouts)
    .values({
      userId: request.influencerId,
      method: request.method,
      amountCents: request.amountCents,
      email: request.email,
      accountOwnerName: request.accountOwnerName,
      bankAccount: request.bankAccount ? sealBankAccount(deps.tokenCipher, request.bankAccount) : null,
      bankAccountSummary: request.bankAccount ? bankAccountSummary(request.bankAccount) : null,
      status: "processing",
      requestedAt: request.now,
      updatedAt: request.now,
      nextAttemptAt: request.now,
      retryOfPayoutId: request.retryOfPayoutId ?? null,
    })
    .returning();
  if (!payout) throw new Error("the payout was not written");
  await postLedgerTransaction(
    tx,
    { kind: "payout_request", payoutId: payout.id },
    {
      [ledgerAccount.influencer(request.influencerId)]: -request.amountCents,
      [ledgerAccount.payoutsPending]: request.amountCents,
    },
  );
  await deps.payoutJobs?.enqueue(tx, payout.id);
  return { payout, balanceCents: balanceCents - request.amountCents };
}
