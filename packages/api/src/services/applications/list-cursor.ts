import { type ApplicationSort, MAX_ROW_ID } from "@market/contracts";
import { failInvalidCursor } from "../../errors";
import { fromOpaqueJson, toOpaqueJson } from "../opaque-json";

/**
 * The keyset cursor of the applications lists: the sort it was made for and the last card's sort key, opaque to
 * clients (base64url of JSON). Keys are exact: timestamps with their microseconds as PostgreSQL stores them
 * (a JavaScript Date would drop them and break ties), big numbers as digits. A key of null stands for "none"
 * (the notif sort's applications without unseen notifications), which sorts after every value.
 */
export interface ListCursor {
  sort: ApplicationSort;
  keys: (string | null)[];
  id: number;
}

/** time: an instant; time_or_none: an instant or null; count: a non-negative whole number. */
export type KeyKind = "time" | "time_or_none" | "count";

/** A UTC instant with microseconds, as list queries select it (KEY_SQL in list-applications.ts). */
const TIME_KEY = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})\.(\d{3})\d{3}Z$/;
const COUNT_KEY = /^\d{1,18}$/;

function validKey(kind: KeyKind, key: unknown): key is string | null {
  if (key === null) return kind === "time_or_none";
  if (typeof key !== "string") return false;
  if (kind === "count") return COUNT_KEY.test(key);
  const match = TIME_KEY.exec(key);
  if (!match) return false;
  // A real calendar instant PostgreSQL holds: 2026-02-30, 25:00 or the year 0 (which it has not: 1 BC precedes
  // 1 AD) would make it fail instead of answering invalid.
  const milliseconds = `${match[1]}.${match[2]}Z`;
  const date = new Date(milliseconds);
  return !Number.isNaN(date.getTime()) && date.toISOString() === milliseconds && date.getUTCFullYear() >= 1;
}

export function encodeCursor(cursor: ListCursor): string {
  return toOpaqueJson([cursor.sort, cursor.keys, cursor.id]);
}

const refuse = failInvalidCursor;

/** The cursor's keys, checked against the sort's key kinds; anything else is `invalid` on the cursor. */
export function decodeCursor(text: string, sort: ApplicationSort, kinds: readonly KeyKind[]): ListCursor {
  const parsed = fromOpaqueJson(text);
  if (!Array.isArray(parsed) || parsed.length !== 3) return refuse();
  const [madeFor, keys, id] = parsed as unknown[];
  if (madeFor !== sort || !Array.isArray(keys) || keys.length !== kinds.length) return refuse();
  if (!kinds.every((kind, index) => validKey(kind, keys[index]))) return refuse();
  if (typeof id !== "number" || !Number.isInteger(id) || id < 1 || id > MAX_ROW_ID) return refuse();
  return { sort, keys: keys as (string | null)[], id };
}
