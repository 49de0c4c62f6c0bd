import { type Db, eq, ledgerEntries, sql } from "@market/db";

/** The balance of one ledger account in cents: the sum of its entries (balances are never stored). */
export async function accountBalance(db: Db, account: string): Promise<number> {
  const [row] = await db
    .select({ cents: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.account, account));
  return Number(row?.cents ?? 0);
}
