import { type HiredUsageRights, influencerNetCents, storedUsageRights } from "@market/contracts";
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

/**
 * The usage rights of the application of the row's hired networks (issue 37), ordered by network, as one JSON array
 * in the row's own statement: a probe of application_prices' key, like hiredCentsSql.
 */
export const hiredRightsSql = (): SQL<{ network: HiredUsageRights["network"]; usageRights: unknown }[]> =>
  sql`(select coalesce(json_agg(json_build_object('network', ${applicationPrices.networkType},
      'usageRights', ${applicationPrices.usageRights}) order by ${applicationPrices.networkType}), '[]')
    from ${applicationPrices} where ${applicationPrices.applicationId} = ${applications.id} and ${applicationPrices.hired})`;

/** The probe's answer as the lists give it. */
export const hiredRightsOf = (rows: readonly { network: HiredUsageRights["network"]; usageRights: unknown }[]) =>
  rows.map((row): HiredUsageRights => ({ network: row.network, usageRights: storedUsageRights(row.usageRights) }));
