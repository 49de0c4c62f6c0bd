import { influencerNetCents } from "@market/contracts";
import { applicationPrices, applications, type SQL, sql } from "@market/db";

/** P of the application of the row (`applications` in the statement's FROM): a probe of its price lines. */
export const hiredCentsSql = (): SQL<string | null> =>
  sql<string | null>`(select sum(${applicationPrices.priceCents}) from ${applicationPrices}
    where ${applicationPrices.applicationId} = ${applications.id} and ${applicationPrices.hired})`;

/**
 * I of a hire: the ledger's credit once released (list-earnings.ts reads it), else what the release will credit
 * (money.md's rounding).
 */
export function influencerAmount(priceCents: number, feePercent: number, credited: number | undefined): number {
  return credited ?? influencerNetCents(priceCents, feePercent);
}
