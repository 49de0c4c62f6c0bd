import { type ApplicationPriceView, type NetworkType, storedUsageRights, type UsageRights } from "@market/contracts";
import { applicationPrices, type SQL, type SQLWrapper, sql } from "@market/db";

/** A priced network of an application as pricesJson holds it: application_prices' columns, by their names. */
export interface PriceRow {
  networkType: NetworkType;
  networkId: number | null;
  priceCents: number;
  creationDays: number;
  link: string | null;
  reach: number;
  hired: boolean;
  usageRights: UsageRights;
}

/**
 * SQL: an application's priced networks as one JSON array ordered by network, for the statement that reads the
 * application (`applicationId` its id column), so that its prices cost no statement of their own. Both drivers
 * parse the JSON.
 */
export function pricesJson(applicationId: SQLWrapper): SQL<PriceRow[]> {
  const p = applicationPrices;
  return sql<PriceRow[]>`(select coalesce(json_agg(json_build_object(
      'networkType', ${p.networkType}, 'networkId', ${p.networkId}, 'priceCents', ${p.priceCents},
      'creationDays', ${p.creationDays}, 'link', ${p.link}, 'reach', ${p.reach}, 'hired', ${p.hired},
      'usageRights', ${p.usageRights})
      order by ${p.networkType}), '[]')
    from ${p} where ${p.applicationId} = ${applicationId})`;
}

/** A priced network as the pages show it: its price in whole dollars. */
export function toPriceView(row: Omit<PriceRow, "hired">): ApplicationPriceView {
  return {
    network: row.networkType,
    networkId: row.networkId,
    reach: row.reach,
    price: row.priceCents / 100,
    creationDays: row.creationDays,
    link: row.link,
    usageRights: storedUsageRights(row.usageRights),
  };
}
