import { eq, ledgerEntries, sql, type Tx, users } from "@market/db";
import { ledgerAccount } from "../ledger/accounts";

/**
 * Locks the influencer's account (their users row, FOR UPDATE) for the rest of the transaction and answers their
 * balance as it stands under the lock. Every movement out of the balance by the influencer (a payout request, a
 * retry) takes this lock first, so two at once run one after the other and the second sees the first's debit:
 * together they can never take more than the balance.
 */
export async function lockInfluencerBalance(tx: Tx, influencerId: number): Promise<number> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, influencerId)).for("update");
  const [row] = await tx
    .select({ cents: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.account, ledgerAccount.influencer(influencerId)));
  return Number(row?.cents ?? 0);
}
