import { type SQL, type SQLWrapper, sql } from "@market/db";
import { failInvalidCursor } from "../../errors";

/**
 * The console lists' keyset (issue 36): a row's instant to the microsecond (a Date would round it to the
 * millisecond and lose ties) and its id. Queues list oldest first, the audit view newest first; either way a page
 * is the rows after the cursor in the list's order, walked on an index of (..., time, id).
 */
export interface ConsoleKey {
  micros: number;
  id: number;
}

export function encodeConsoleKey(key: ConsoleKey): string {
  return `${key.micros}.${key.id}`;
}

/** The cursor's key, or null for the first page; a cursor the server did not make is `invalid` on the cursor. */
export function decodeConsoleKey(cursor: string | undefined): ConsoleKey | null {
  if (cursor === undefined) return null;
  const match = /^(\d{1,16})\.(\d{1,19})$/.exec(cursor);
  if (!match) return failInvalidCursor();
  const [micros, id] = [Number(match[1]), Number(match[2])];
  return Number.isSafeInteger(micros) && Number.isSafeInteger(id) ? { micros, id } : failInvalidCursor();
}

/** The column's microseconds since the epoch, exact. */
export const consoleMicrosOf = (column: SQLWrapper): SQL<string> =>
  sql<string>`(extract(epoch from ${column}) * 1000000)::bigint`;

const instant = (micros: number | SQLWrapper) =>
  sql`(timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond')`;

export type ConsoleOrder = "oldest" | "newest";

/** Rows after the key in the list's order, as a row comparison the (..., time, id) index bounds. */
export function afterConsoleKey(key: ConsoleKey | null, order: ConsoleOrder, time: SQLWrapper, id: SQLWrapper) {
  if (!key) return undefined;
  return afterKeyOf(order, time, id, key.micros, key.id);
}

/** afterConsoleKey's comparison, its key's parts values or a prepared query's placeholders. */
export function afterKeyOf(
  order: ConsoleOrder,
  time: SQLWrapper,
  id: SQLWrapper,
  micros: number | SQLWrapper,
  keyId: number | SQLWrapper,
): SQL {
  return order === "oldest"
    ? sql`(${time}, ${id}) > (${instant(micros)}, ${keyId})`
    : sql`(${time}, ${id}) < (${instant(micros)}, ${keyId})`;
}

/** The list's ORDER BY. */
export const consoleOrderBy = (order: ConsoleOrder, time: SQLWrapper, id: SQLWrapper): SQL[] =>
  order === "oldest" ? [sql`${time} asc`, sql`${id} asc`] : [sql`${time} desc`, sql`${id} desc`];

/**
 * A page of `size` from `size + 1` rows read: the rows shown, and the cursor of the last when more follow.
 * `keyOf` gives a row's key (its micros as the query read them).
 */
export function pageOf<Row>(rows: Row[], size: number, keyOf: (row: Row) => ConsoleKey) {
  const more = rows.length > size;
  const shown = more ? rows.slice(0, size) : rows;
  const last = shown.at(-1);
  return { rows: shown, nextCursor: more && last ? encodeConsoleKey(keyOf(last)) : null };
}
