import { IMPERSONATION_TTL_MS } from "@market/contracts";
import { adminAuditLog, type Db, rowsOf, sessions, sql } from "@market/db";
import { announceSessionsEnded } from "../notifications/session-ended";

/** Sessions ended by one statement at most; the next run takes the rest. */
const IMPERSONATION_BATCH = 500;

/**
 * Ends every impersonation past its IMPERSONATION_TTL_MS, used again or not (issue 36: an abandoned impersonation
 * ends on time): its session goes, and the audit log records the end as stop_impersonating with `expired: true` at
 * the time it ended (its start plus the limit, not the sweep's time), once. The delete is the claim: rows another
 * sweep or a request is ending are skipped (`skip locked`), and a row once deleted is neither swept nor accepted
 * again (validateSessionToken finds no session), so however many instances sweep at once, and whatever request
 * comes after, each end is recorded by exactly one of them. The impersonation's expires_at is its start plus the
 * limit, never slid forward, so sessions_expires_at_idx finds them. Returns how many it ended.
 */
export async function sweepExpiredImpersonations(db: Db, now: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const ended = await db.transaction(async (tx) => {
      const rows = rowsOf<{ id: string }>(
        await tx.execute(sql`
          with ended as (
            delete from ${sessions} where id in (
              select id from ${sessions}
              where ${sessions.expiresAt} <= ${now.toISOString()}::timestamptz and ${sessions.impersonatorId} is not null
              order by ${sessions.expiresAt} limit ${IMPERSONATION_BATCH}
              for update skip locked)
            returning id, user_id, impersonator_id, created_at
          ), recorded as (
            insert into ${adminAuditLog}
              (admin_id, impersonated_user_id, action, target_type, target_id, details, created_at)
            select impersonator_id, user_id, 'stop_impersonating', 'user', user_id::text, '{"expired": true}'::jsonb,
              created_at + ${IMPERSONATION_TTL_MS} * interval '1 millisecond'
            from ended
          )
          select id from ended`),
      );
      const ids = rows.map((row) => row.id);
      await announceSessionsEnded(tx, ids);
      return ids.length;
    });
    total += ended;
    if (ended < IMPERSONATION_BATCH) return total;
  }
}
