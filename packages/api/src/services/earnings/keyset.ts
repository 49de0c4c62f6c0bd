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

const instant = (micros: number | SQLWrapper) =>
  sql`(timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond')`;

/**
 * How a source's rows after the cursor are chosen, by the source's rank against the cursor's: none (the first
 * page), as old or older (a lower rank lists below the cursor's row at the same instant), older (a higher rank),
 * or older or as old with a lower id (the same rank). A prepared statement is built for each (preparedShapes).
 */
export type KeyRelation = "first" | "older_or_same" | "older" | "lower_id";

export function keyRelation(key: MoneyKey | null, rank: number): KeyRelation {
  if (!key) return "first";
  if (rank < key.rank) return "older_or_same";
  return rank > key.rank ? "older" : "lower_id";
}

/**
 * Rows after the cursor's key (`micros`, `id`: values or a prepared statement's placeholders) as `relation` says.
 * Written on the raw column so the (owner, time, id) index bounds the walk.
 */
export function afterKeyAs(
  relation: KeyRelation,
  key: { micros: number | SQLWrapper; id: number | SQLWrapper },
  time: SQLWrapper,
  id: SQLWrapper,
): SQL | undefined {
  if (relation === "first") return undefined;
  const at = instant(key.micros);
  if (relation === "older_or_same") return sql`${time} <= ${at}`;
  if (relation === "older") return sql`${time} < ${at}`;
  return sql`(${time}, ${id}) < (${at}, ${key.id})`;
}

/** Descending order of the keyset, for merging sources in memory. */
export function byKeyDescending(a: MoneyKey, b: MoneyKey): number {
  return b.micros - a.micros || b.rank - a.rank || b.id - a.id;
}
