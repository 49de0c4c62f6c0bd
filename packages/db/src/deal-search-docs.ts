import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "./client";
import { dealSearchDocs } from "./schema";

/**
 * Deletes the keyword search's docs of deals whose deadline has passed at `now` (see deal_search_docs): they can no
 * longer be listed, unless a brand moves the deadline forward, which rewrites the doc through the trigger. Only keeps
 * the table small; the search checks deadlines itself, so no answer depends on when this last ran. Returns how many
 * docs it deleted (counted in the database: a first sweep may delete many).
 */
export async function sweepClosedSearchDocs(db: Db, now: Date = new Date()): Promise<number> {
  const [result] = rowsOf<{ deleted: number }>(
    await db.execute(sql`
      with swept as (delete from ${dealSearchDocs} where ${dealSearchDocs.deadline} <= ${now.toISOString()}::timestamptz returning 1)
      select count(*)::int as deleted from swept`),
  );
  return result?.deleted ?? 0;
}
