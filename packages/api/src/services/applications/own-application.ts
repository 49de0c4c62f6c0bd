import type { ApplicationPriceView, OwnApplicationSummary } from "@market/contracts";
import { and, applicationPrices, applications, asc, type Db, eq, inArray, type Tx } from "@market/db";
import { effectiveStatus } from "./effective-status";

/** The priced networks of applications, in dollars, grouped by application; one query. */
export async function pricesOf(db: Db | Tx, applicationIds: number[]): Promise<Map<number, ApplicationPriceView[]>> {
  const byApplication = new Map<number, ApplicationPriceView[]>();
  if (applicationIds.length === 0) return byApplication;
  const rows = await db
    .select()
    .from(applicationPrices)
    .where(inArray(applicationPrices.applicationId, applicationIds))
    .orderBy(asc(applicationPrices.applicationId), asc(applicationPrices.networkType));
  for (const row of rows) {
    const list = byApplication.get(row.applicationId) ?? [];
    list.push({
      network: row.networkType,
      networkId: row.networkId,
      reach: row.reach,
      price: row.priceCents / 100,
      creationDays: row.creationDays,
      link: row.link,
    });
    byApplication.set(row.applicationId, list);
  }
  return byApplication;
}

/**
 * The influencer's own application to a deal (there is at most one), or null; never anyone else's. Its status is
 * the effective one at `now` (a lapsed WAITING proposal reads DENIED, EXPIRED), as on every other read.
 */
export async function ownApplicationOn(
  db: Db,
  influencerId: number,
  dealId: number,
  now: Date,
): Promise<OwnApplicationSummary | null> {
  const [application] = await db
    .select({
      id: applications.id,
      status: applications.status,
      deniedReason: applications.deniedReason,
      expiration: applications.expiration,
    })
    .from(applications)
    .where(and(eq(applications.dealId, dealId), eq(applications.influencerId, influencerId)));
  if (!application) return null;
  const prices = await pricesOf(db, [application.id]);
  return { ...application, ...effectiveStatus(application, now), prices: prices.get(application.id) ?? [] };
}
