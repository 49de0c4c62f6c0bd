import { sql } from "drizzle-orm";
import type { Db } from "./client";

/**
 * Recomputes applications.total_reach and total_price_cents (the lists' reach and price sorts) from the
 * applications' priced networks. Every write of application_prices calls it for the applications it touched, in
 * the same transaction; migration 0016 backfilled the rows written before the columns existed.
 */
export async function refreshApplicationTotals(db: Db, applicationIds: readonly number[]): Promise<void> {
  if (applicationIds.length === 0) return;
  await db.execute(sql`
    update applications a set
      total_reach = coalesce(p.total_reach, 0),
      total_price_cents = coalesce(p.total_price_cents, 0)
    from (select ids.id, sum(ap.reach)::bigint as total_reach, sum(ap.price_cents)::bigint as total_price_cents
          from unnest(${sql.param([...applicationIds])}::int[]) as ids(id)
          left join application_prices ap on ap.application_id = ids.id
          group by ids.id) p
    where a.id = p.id
      and (a.total_reach, a.total_price_cents) is distinct from (coalesce(p.total_reach, 0), coalesce(p.total_price_cents, 0))`);
}
