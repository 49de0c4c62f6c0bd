import type { PgColumn, PgInsertValue, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../client";

/** Multi-row inserts: PGlite (and PostgreSQL) are several times faster with 500 rows a statement. */
const BATCH_ROWS = 500;

export async function insertRows<TTable extends PgTable>(
  db: Db,
  table: TTable,
  rows: PgInsertValue<TTable>[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH_ROWS) {
    await db.insert(table).values(rows.slice(i, i + BATCH_ROWS));
  }
}

/**
 * Inserts one row per draft and returns the drafts with their generated ids. PostgreSQL inserts a VALUES
 * list in order and RETURNING reports rows as they are inserted, so ids line up with drafts.
 */
export async function insertWithIds<TTable extends PgTable & { id: PgColumn }, TDraft>(
  db: Db,
  table: TTable,
  drafts: readonly TDraft[],
  toRow: (draft: TDraft) => PgInsertValue<TTable>,
): Promise<(TDraft & { id: number })[]> {
  const seeded: (TDraft & { id: number })[] = [];
  for (let i = 0; i < drafts.length; i += BATCH_ROWS) {
    const chunk = drafts.slice(i, i + BATCH_ROWS);
    const inserted = await db.insert(table).values(chunk.map(toRow)).returning({ id: table.id });
    if (inserted.length !== chunk.length) throw new Error(`expected ${chunk.length} ids, got ${inserted.length}`);
    chunk.forEach((draft, j) => {
      seeded.push({ ...draft, id: Number(inserted[j]?.id) });
    });
  }
  return seeded;
}

/** Map.groupBy arrives with Node 21; the engines field allows Node 20. */
export function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}
