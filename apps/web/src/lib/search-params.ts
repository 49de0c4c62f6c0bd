import { SEARCH_PAGE_MAX } from "@market/contracts";

/**
 * Readers of the search parameters of a screen whose state lives in the URL (Find influencers, Find deals): each
 * takes what the router parsed and answers a valid value, or the default for anything else, so a hand-edited or
 * stale link never breaks the screen.
 */

/** Whether a value is one of the known ids. */
export const isOneOf = <T extends string>(values: readonly T[], value: unknown): value is T =>
  typeof value === "string" && (values as readonly string[]).includes(value);

/** A comma list (or an array, should the router have parsed one) of known ids, deduplicated, unknown ids dropped. */
export function parseList<T extends string>(values: readonly T[], raw: unknown): T[] {
  const items = Array.isArray(raw) ? raw : typeof raw === "string" ? raw.split(",") : [];
  const kept: T[] = [];
  for (const item of items) {
    const id = typeof item === "string" ? item.trim().toLowerCase() : item;
    if (isOneOf(values, id) && !kept.includes(id)) kept.push(id);
  }
  return kept;
}

const isInt = (text: string): boolean => /^\d+$/.test(text.trim());

/** "min,max" within bounds and in order; otherwise the full range. */
export function parseRange(raw: unknown, min: number, max: number): [number, number] {
  if (typeof raw !== "string") return [min, max];
  const parts = raw.split(",");
  if (parts.length !== 2 || !parts.every(isInt)) return [min, max];
  const [lo, hi] = parts.map(Number) as [number, number];
  if (lo < min || hi > max || lo > hi) return [min, max];
  return [lo, hi];
}

/** The 1-based page p: a whole number from 1 to SEARCH_PAGE_MAX, else 1. */
export function parsePage(raw: unknown): number {
  const text = typeof raw === "number" ? String(raw) : typeof raw === "string" ? raw : "";
  if (!isInt(text)) return 1;
  const page = Number(text);
  return page >= 1 && page <= SEARCH_PAGE_MAX ? page : 1;
}

/** The typed query cut to maxLength; "" when only blanks. */
export function parseQuery(raw: unknown, maxLength: number): string {
  // The router reads a value that looks like JSON ("123", "true") as that value: it was typed as text.
  const text = typeof raw === "string" ? raw : typeof raw === "number" || typeof raw === "boolean" ? String(raw) : "";
  const query = text.slice(0, maxLength);
  return query.trim() === "" ? "" : query;
}
