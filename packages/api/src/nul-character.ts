/** Where a value holds U+0000: the path of the first string or object key that does. */
export type NulPath = (string | number)[];

/**
 * The path of the first string (or object key) holding U+0000 in a JSON-like input (arrays and plain objects are
 * walked; other values have no strings to check), or null when there is none. PostgreSQL's text cannot store the
 * character, so an input carrying one would otherwise fail at the database.
 */
export function findNulCharacter(value: unknown, path: NulPath = []): NulPath | null {
  if (typeof value === "string") return value.includes("\u0000") ? path : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findNulCharacter(item, [...path, index]);
      if (found) return found;
    }
    return null;
  }
  if (value === null || typeof value !== "object") return null;
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes("\u0000")) return [...path, key];
    const found = findNulCharacter(item, [...path, key]);
    if (found) return found;
  }
  return null;
}
