import { type Db, rowsOf, sql } from "@market/db";

/**
 * Resolves once `count` other sessions of this database wait for a lock (bounded: about 5 s). For tests on
 * PostgreSQL that hold a lock in one transaction and check how a concurrent call behaves behind it.
 */
export async function untilWaitingForLocks(db: Db, count = 1): Promise<void> {
  for (let attempt = 0; attempt < 250; attempt += 1) {
    const [row] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`),
    );
    if (row?.n === count) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${count} sessions never waited for a lock`);
}
