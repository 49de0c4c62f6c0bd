import superjson, { type SuperJSONResult } from "superjson";
import { isoInstant } from "../iso-instant";

/**
 * superjson.serialize for what procedures answer, several times faster: the web app reads it with superjson as
 * before. superjson's walker tracks a path array, an identity map and its registries for every value it visits,
 * which made it 7-11 % of the server's CPU in the load bench (issue 17), though the answers are plain objects,
 * arrays, primitives and Dates.
 *
 * This walks those alone, into a copy where Dates are ISO text (handing JSON.stringify the Dates themselves made it
 * call each one's toJSON, slower than the copy) and undefined is null, as superjson writes them. The JSON is
 * superjson's; the annotations are the same, as a tree of keys (`{items: {0: {at: ["Date"]}}}`) where superjson
 * writes them flat (`{"items.0.at": ["Date"]}`). superjson's deserialize reads both (its MinimisedTree). The tree
 * shares its keys: on an applications page (75 instants) the flat one's 75 long keys made the walk 65 µs and the
 * tree makes it 40, and it is 8 % shorter to send. Anything else anywhere in the value (a Map, a Set, a bigint, a
 * class instance, NaN, -0, an array with holes, an object met twice, which superjson records as a referential
 * equality) hands the whole value to superjson itself. superjson-output.test.ts checks on generated values that
 * the JSON is superjson's and that superjson reads back what it reads from its own.
 */
export function serializeOutput(value: unknown): SuperJSONResult {
  const seen = new Set<object>();
  /** The annotations of the node walked last: a leaf, a tree of its annotated children, or none. */
  let walked: Annotations | undefined;

  /** The JSON of `node`, or `unhandled` when superjson must do it; its annotations are left in `walked`. */
  function walk(node: unknown): unknown {
    walked = undefined;
    switch (typeof node) {
      case "string":
      case "boolean":
        return node;
      case "number":
        // NaN, the infinities and -0 have annotations of their own: superjson's.
        return Number.isFinite(node) && !Object.is(node, -0) ? node : unhandled;
      case "undefined":
        walked = UNDEFINED;
        return null;
      case "object": {
        if (node === null) return null;
        if (seen.has(node)) return unhandled;
        seen.add(node);
        if (node instanceof Date) {
          if (Number.isNaN(node.getTime())) return unhandled;
          walked = DATE;
          return isoInstant(node);
        }
        if (Array.isArray(node)) {
          const json: unknown[] = new Array(node.length);
          let children: Record<string, Annotations> | undefined;
          for (let index = 0; index < node.length; index += 1) {
            if (!(index in node)) return unhandled;
            const item = walk(node[index]);
            if (item === unhandled) return unhandled;
            json[index] = item;
            if (walked !== undefined) {
              children ??= {};
              children[index] = walked;
            }
          }
          walked = children;
          return json;
        }
        const prototype = Object.getPrototypeOf(node);
        if (prototype !== Object.prototype && prototype !== null) return unhandled;
        const json: Record<string, unknown> = {};
        let children: Record<string, Annotations> | undefined;
        for (const key of Object.keys(node)) {
          // superjson refuses these keys (a prototype pollution risk): let it say so.
          if (key === "__proto__" || key === "constructor" || key === "prototype") return unhandled;
          const item = walk((node as Record<string, unknown>)[key]);
          if (item === unhandled) return unhandled;
          json[key] = item;
          if (walked !== undefined) {
            children ??= {};
            children[escapeKey(key)] = walked;
          }
        }
        walked = children;
        return json;
      }
      default:
        return unhandled;
    }
  }

  // A Date or undefined at the root has superjson's root annotation: rare enough to leave to superjson.
  const json = value === undefined || value instanceof Date ? unhandled : walk(value);
  if (json === unhandled) return superjson.serialize(value);
  const result: SuperJSONResult = { json: json as SuperJSONResult["json"] };
  if (walked !== undefined) result.meta = { values: walked, v: 1 } as SuperJSONResult["meta"];
  return result;
}

/**
 * superjson's annotation tree (its MinimisedTree, which its deserialize walks): a leaf names a value's type, an
 * object holds the annotated children by key.
 */
type Annotations = readonly [string] | { [key: string]: Annotations };
const DATE: Annotations = Object.freeze(["Date"] as const);
const UNDEFINED: Annotations = Object.freeze(["undefined"] as const);

const unhandled = Symbol("unhandled");

/** A key as a segment of superjson's paths: backslashes and dots escaped. */
function escapeKey(key: string): string {
  return key.includes("\\") || key.includes(".") ? key.replace(/[\\.]/g, "\\$&") : key;
}
