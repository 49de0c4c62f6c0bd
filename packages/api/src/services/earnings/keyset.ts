import { type SQL, type SQLWrapper, sql } from "@market/db";
import { failInvalidCursor } from "../../errors";

/**
 * The keyset of the money lists: newest first by a timestamp kept to the microsecond (a JavaScript Date would
 * round it to the millisecond and lose ties), then by the kind's rank, then by id, all descending.
 */
export interface MoneyKey {
  micros: number;
  rank: number;
  id: number;
}

/** The cursor as the client passes it back: `<micros>.<rank>.<id>`; anything else is `invalid` on the cursor. */
export function encodeKey(key: MoneyKey): string {
  return `${key.micros}.${key.rank}.${key.id}`;
}

/** The first page without a cursor. */
export function decodeKey(cursor: string | undefined): MoneyKey | null {
  if (cursor === undefined) return null;
  const match = /^(\d{1,16})\.(\d)\.(\d{1,10})$/.exec(cursor);
  if (!match) return failInvalidCursor();
  const [micros, rank, id] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return Number.isSafeInteger(micros) ? { micros, rank, id } : failInvalidCursor();
}

/** The column's microseconds since the epoch, exact (extract answers numeric). */
export const microsOf = (column: SQLWrapper): SQL<string> =>
  sql<string>`(extract(epoch from ${column}) * 1000000)::bigint`;

const instant = (micros: number) => sql`(timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond')`;

/**
 * Rows of a source of rank `rank` that come after the cursor in the list's order: older, or as old with a lower
 * rank, or as old and of the same rank with a lower id. Written on the raw column so the (owner, time, id) index
 * bounds the walk.
 */
export function afterKey(key: MoneyKey | null, rank: number, time: SQLWrapper, id: SQLWrapper): SQL | undefined {
  if (!key) return undefined;
  const at = instant(key.micros);
  if (rank < key.rank) return sql`${time} <= ${at}`;
  if (rank > key.rank) return sql`${time} < ${at}`;
  return sql`(${time}, ${id}) < (${at}, ${key.id})`;
}

/** Descending order of the keyset, for merging sources in memory. */
export function byKeyDescending(a: MoneyKey, b: MoneyKey): number {
  return b.micros - a.micros || b.rank - a.rank || b.id - a.id;
}
