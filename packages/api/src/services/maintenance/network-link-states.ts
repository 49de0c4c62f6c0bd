import { type Db, networkLinkStates, rowsOf, sql } from "@market/db";

/**
 * Deletes the OAuth linking flows past their 10 minutes at `now`: the callback refuses them anyway (unknown), and a
 * flow abandoned on the consent page is never read again. Uses network_link_states_expires_at_idx. Returns how many
 * it deleted.
 */
export async function sweepExpiredNetworkLinkStates(db: Db, now: Date): Promise<number> {
  const [result] = rowsOf<{ deleted: number }>(
    await db.execute(sql`
      with swept as (delete from ${networkLinkStates}
        where ${networkLinkStates.expiresAt} <= ${now.toISOString()}::timestamptz returning 1)
      select count(*)::int as deleted from swept`),
  );
  return result?.deleted ?? 0;
}
