import type { FieldIssue } from "@market/contracts";

/**
 * How deep an input may nest. Every input of the API is a few levels deep (a campaign's prices, a settings
 * section); anything deeper is refused before any code walks it, so a body of thousands of nested arrays costs
 * a few steps instead of a walk as deep as the body.
 */
export const MAX_INPUT_DEPTH = 32;

/** A value still to look at, with the way back to the root (a linked path: no copy per level). */
interface Pending {
  value: unknown;
  key: string | number | null;
  parent: Pending | null;
  depth: number;
}

function pathOf(entry: Pending): (string | number)[] {
  const path: (string | number)[] = [];
  for (let at: Pending | null = entry; at && at.key !== null; at = at.parent) path.push(at.key);
  return path.reverse();
}

const holdsNul = (value: unknown) => typeof value === "string" && value.includes("\u0000");

/** The children of an array or a plain object, in order; none for any other value. */
function childrenOf(value: unknown): [string | number, unknown][] | null {
  if (Array.isArray(value)) return value.map((item, index) => [index, item]);
  if (value === null || typeof value !== "object") return null;
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return null;
  return Object.entries(value);
}

/**
 * The first problem of a JSON-like input (arrays and plain objects are walked; other values have nothing to check),
 * or null when there is none:
 * - a string or object key holding U+0000, which PostgreSQL's text cannot store (the input would otherwise fail at
 *   the database, whatever the field);
 * - nesting deeper than MAX_INPUT_DEPTH.
 *
 * The walk keeps its own stack (a recursive one overflowed the call stack at a few thousand nested arrays) and
 * visits each object once, so shared or cyclic references (superjson's referential equalities can build them)
 * neither loop nor multiply the work.
 */
export function rawInputIssue(value: unknown): FieldIssue | null {
  const stack: Pending[] = [{ value, key: null, parent: null, depth: 0 }];
  const seen = new Set<unknown>();
  for (let entry = stack.pop(); entry; entry = stack.pop()) {
    if (holdsNul(entry.key) || holdsNul(entry.value)) {
      return { path: pathOf(entry), message: "Must not contain a NUL character." };
    }
    const children = childrenOf(entry.value);
    if (!children || seen.has(entry.value)) continue;
    if (entry.depth === MAX_INPUT_DEPTH) {
      return { path: pathOf(entry), message: `Must not nest deeper than ${MAX_INPUT_DEPTH} levels.` };
    }
    seen.add(entry.value);
    // Pushed last to first, so the first child is looked at first, as a recursive walk would.
    for (let index = children.length - 1; index >= 0; index -= 1) {
      const [key, child] = children[index] as [string | number, unknown];
      stack.push({ value: child, key, parent: entry, depth: entry.depth + 1 });
    }
  }
  return null;
}
