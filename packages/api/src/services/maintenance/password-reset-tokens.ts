import { type Db, passwordResetTokens, rowsOf, sql } from "@market/db";
import { RESET_TOKEN_TTL_MS } from "../auth/password-reset";

/**
 * Deletes the password reset tokens that can no longer reset anything at `now`: used ones, and those past their
 * validity (resetPassword accepts a token only while unused and before its expires_at, which is created_at plus
 * RESET_TOKEN_TTL_MS). A spent or expired link then answers `expired` exactly as before: it finds no row instead of
 * an unusable one. No index: the table only ever holds about an hour of requests once swept. Returns how many it
 * deleted.
 */
export async function sweepSpentPasswordResetTokens(db: Db, now: Date): Promise<number> {
  const oldestValid = new Date(now.getTime() - RESET_TOKEN_TTL_MS).toISOString();
  const [result] = rowsOf<{ deleted: number }>(
    await db.execute(sql`
      with swept as (
        delete from ${passwordResetTokens}
        where ${passwordResetTokens.usedAt} is not null
          or ${passwordResetTokens.expiresAt} <= ${now.toISOString()}::timestamptz
          or ${passwordResetTokens.createdAt} <= ${oldestValid}::timestamptz
        returning 1)
      select count(*)::int as deleted from swept`),
  );
  return result?.deleted ?? 0;
}
