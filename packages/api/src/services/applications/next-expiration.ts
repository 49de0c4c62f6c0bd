import type { Db, Tx } from "@market/db";
import { and, applications, eq, gt, min, type Placeholders, preparedQuery } from "@market/db";

type Values = { scopeId: number; now: Date };

/**
 * The next instant after `now` at which one of a user's WAITING applications expires (and reads as DENIED), or
 * null: until then a list of effective statuses holds the same rows. One probe of the partial index of WAITING
 * applications per influencer or per brand (a campaign's applicants use their brand's, an instant no later).
 */
const nextFor = {
  influencer: preparedQuery("next_expiration_influencer", (db, values: Placeholders<Values>) =>
    db
      .select({ at: min(applications.expiration) })
      .from(applications)
      .where(
        and(
          eq(applications.influencerId, values.scopeId),
          eq(applications.status, "WAITING"),
          gt(applications.expiration, values.now),
        ),
      ),
  ),
  brand: preparedQuery("next_expiration_brand", (db, values: Placeholders<Values>) =>
    db
      .select({ at: min(applications.expiration) })
      .from(applications)
      .where(
        and(
          eq(applications.brandId, values.scopeId),
          eq(applications.status, "WAITING"),
          gt(applications.expiration, values.now),
        ),
      ),
  ),
};

export async function nextExpirationOf(
  db: Db | Tx,
  { scope, scopeId, now }: Values & { scope: "influencer" | "brand" },
): Promise<Date | null> {
  const [row] = await nextFor[scope](db, { scopeId, now });
  return row?.at ?? null;
}
