import { influencerNetCents } from "@market/contracts";
import { and, applicationPrices, type Db, eq, inArray, ledgerEntries, ledgerTransactions, sql } from "@market/db";
import { ledgerAccount } from "../ledger/accounts";

/**
 * P of each hire: the sum of the networks the brand ticked (money.md), for a page of applications in one query.
 */
export async function hiredPrices(db: Db, applicationIds: readonly number[]): Promise<Map<number, number>> {
  if (applicationIds.length === 0) return new Map();
  const rows = await db
    .select({
      applicationId: applicationPrices.applicationId,
      cents: sql<string>`sum(${applicationPrices.priceCents})`,
    })
    .from(applicationPrices)
    .where(and(inArray(applicationPrices.applicationId, [...applicationIds]), eq(applicationPrices.hired, true)))
    .groupBy(applicationPrices.applicationId);
  return new Map(rows.map((row) => [row.applicationId, Number(row.cents)]));
}

/**
 * What each released hire put on the influencer's balance: the release transaction's credit to influencer:<id>, the
 * ledger's own figure (one query for the page, through ledger_transactions_application_id_idx).
 */
export async function releasedCredits(
  db: Db,
  influencerId: number,
  applicationIds: readonly number[],
): Promise<Map<number, number>> {
  if (applicationIds.length === 0) return new Map();
  const rows = await db
    .select({
      applicationId: ledgerTransactions.applicationId,
      cents: sql<string>`sum(${ledgerEntries.amountCents})`,
    })
    .from(ledgerTransactions)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .where(
      and(
        inArray(ledgerTransactions.applicationId, [...applicationIds]),
        eq(ledgerTransactions.kind, "release"),
        eq(ledgerEntries.account, ledgerAccount.influencer(influencerId)),
      ),
    )
    .groupBy(ledgerTransactions.applicationId);
  return new Map(rows.map((row) => [row.applicationId ?? 0, Number(row.cents)]));
}

/** I of a hire: the ledger's credit once released, else what the release will credit (money.md's rounding). */
export function influencerAmount(priceCents: number, feePercent: number, credited: number | undefined): number {
  return credited ?? influencerNetCents(priceCents, feePercent);
}
