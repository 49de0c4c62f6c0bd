import { influencerNetCents } from "@market/contracts";
import { and, applicationPrices, type Db, eq, inArray, sql } from "@market/db";

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
 * I of a hire: the ledger's credit once released (list-earnings.ts reads it), else what the release will credit
 * (money.md's rounding).
 */
export function influencerAmount(priceCents: number, feePercent: number, credited: number | undefined): number {
  return credited ?? influencerNetCents(priceCents, feePercent);
}
