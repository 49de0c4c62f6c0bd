import type { ApplicationPriceView, OwnApplicationSummary } from "@market/contracts";
import {
  and,
  applicationPrices,
  applications,
  asc,
  type Db,
  eq,
  type Placeholders,
  preparedQuery,
  sql,
  type Tx,
} from "@market/db";
import { effectiveStatus } from "./effective-status";
import { type PriceRow, pricesJson, toPriceView } from "./prices-json";

const pricesOfApplications = preparedQuery(
  "application_prices_of_many",
  (db, values: Placeholders<{ ids: number[] }>) =>
    db
      .select()
      .from(applicationPrices)
      .where(sql`${applicationPrices.applicationId} = any(${values.ids}::int[])`)
      .orderBy(asc(applicationPrices.applicationId), asc(applicationPrices.networkType)),
);

/**
 * What an influencer's own application summary reads of it, in a statement of applications (perhaps left-joined
 * to its deal): its prices in the same statement, as the deal page of an influencer reads it on every view.
 */
export const ownApplicationFields = {
  id: applications.id,
  status: applications.status,
  deniedReason: applications.deniedReason,
  expiration: applications.expiration,
  refundedAt: applications.refundedAt,
  paidAmountCents: applications.paidAmountCents,
  prices: pricesJson(applications.id),
};

type OwnApplicationRow = Omit<OwnApplicationSummary, "prices" | "refund"> & {
  refundedAt: Date | null;
  paidAmountCents: number;
  prices: PriceRow[];
};

/**
 * The summary of a row of ownApplicationFields, its status the effective one at `now`, with its refund (when and
 * what the brand got back) so the deal page reads a refunded hire as refunded (contracts' applicationState).
 */
export function toOwnApplicationSummary(row: OwnApplicationRow, now: Date): OwnApplicationSummary {
  const { status, deniedReason } = effectiveStatus(row, now);
  return {
    id: row.id,
    status,
    deniedReason,
    expiration: row.expiration,
    refund: row.refundedAt ? { at: row.refundedAt, amountCents: row.paidAmountCents } : null,
    prices: row.prices.map(toPriceView),
  };
}

const ownApplication = preparedQuery(
  "own_application_on",
  (db, values: Placeholders<{ dealId: number; influencerId: number }>) =>
    db
      .select(ownApplicationFields)
      .from(applications)
      .where(and(eq(applications.dealId, values.dealId), eq(applications.influencerId, values.influencerId))),
);

/** The priced networks of applications, in dollars, grouped by application; one query. */
export async function pricesOf(db: Db | Tx, applicationIds: number[]): Promise<Map<number, ApplicationPriceView[]>> {
  const byApplication = new Map<number, ApplicationPriceView[]>();
  if (applicationIds.length === 0) return byApplication;
  const rows = await pricesOfApplications(db, { ids: applicationIds });
  for (const row of rows) {
    const list = byApplication.get(row.applicationId) ?? [];
    list.push(toPriceView(row));
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
  const [row] = await ownApplication(db, { dealId, influencerId });
  return row ? toOwnApplicationSummary(row, now) : null;
}
