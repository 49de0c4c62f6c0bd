import { type Db, rowsOf, sessions, sql } from "@market/db";

/**
 * Deletes the sessions whose expires_at has passed at `now`. expires_at is always last_verified_at plus
 * SESSION_INACTIVITY_MS (set on creation and on every refresh), and validateSessionToken refuses a session idle that
 * long, so these are sessions nobody can use any more: only a cookie never presented again leaves them behind. Uses
 * sessions_expires_at_idx. Impersonations are left to sweepExpiredImpersonations (a lifecycle sweep), which records
 * their end in the audit log as it deletes them. Returns how many it deleted.
 */
export async function sweepExpiredSessions(db: Db, now: Date): Promise<number> {
  const [result] = rowsOf<{ deleted: number }>(
    await db.execute(sql`
      with swept as (delete from ${sessions} where ${sessions.expiresAt} <= ${now.toISOString()}::timestamptz
        and ${sessions.impersonatorId} is null returning 1)
      select count(*)::int as deleted from swept`),
  );
  return result?.deleted ?? 0;
}
