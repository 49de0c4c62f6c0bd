import { type Db, rateLimitBuckets, rowsOf, sql } from "@market/db";
import { RATE_LIMITS } from "../auth/rate-limit";

const LIMITS = Object.entries(RATE_LIMITS);
const WINDOWS_MS = LIMITS.map(([, limit]) => limit.windowMs);
const SHORTEST_WINDOW_MS = Math.min(...WINDOWS_MS);
const LONGEST_WINDOW_MS = Math.max(...WINDOWS_MS);

/**
 * Deletes the rate-limit buckets whose window has ended at `now`: countAttempt only ever writes the bucket of the
 * current window (key `<limit name>:<subject>`), so an ended one is never read or counted again and no live limit
 * changes. Each bucket ends after its own limit's window; a bucket of a limit no longer in RATE_LIMITS is kept for the
 * longest window. Uses rate_limit_buckets_window_idx. Returns how many buckets it deleted.
 */
export async function sweepExpiredRateLimitBuckets(db: Db, now: Date): Promise<number> {
  const cutoff = (windowMs: number) => new Date(now.getTime() - windowMs).toISOString();
  // Per limit name, the latest window start that has ended.
  const ended = sql.join(
    LIMITS.map(([name, limit]) => sql`(${name}::text, ${cutoff(limit.windowMs)}::timestamptz)`),
    sql`, `,
  );
  const [result] = rowsOf<{ deleted: number }>(
    await db.execute(sql`
      with ended(name, window_start) as (values ${ended}),
      swept as (
        delete from ${rateLimitBuckets} b
        where b.window_start <= ${cutoff(SHORTEST_WINDOW_MS)}::timestamptz
          and b.window_start <= coalesce(
            (select ended.window_start from ended where ended.name = split_part(b.key, ':', 1)),
            ${cutoff(LONGEST_WINDOW_MS)}::timestamptz)
        returning 1)
      select count(*)::int as deleted from swept`),
  );
  return result?.deleted ?? 0;
}
