import { type Db, loginSources, rowsOf, sql } from "@market/db";
import { KNOWN_SOURCE_MAX_AGE_MS } from "../auth/rate-limit";

/**
 * Deletes the networks users signed in from that no longer count as their own at `now`: the last sign-in from them
 * is KNOWN_SOURCE_MAX_AGE_MS old or older, and isKnownSource only counts younger ones, so no login changes. Uses
 * login_sources_last_success_at_idx. Returns how many it deleted.
 */
export async function sweepStaleLoginSources(db: Db, now: Date): Promise<number> {
  const oldestKnown = new Date(now.getTime() - KNOWN_SOURCE_MAX_AGE_MS).toISOString();
  const [result] = rowsOf<{ deleted: number }>(
    await db.execute(sql`
      with swept as (
        delete from ${loginSources} where ${loginSources.lastSuccessAt} <= ${oldestKnown}::timestamptz
        returning 1)
      select count(*)::int as deleted from swept`),
  );
  return result?.deleted ?? 0;
}
