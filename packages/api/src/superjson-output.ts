import superjson, { type SuperJSONResult } from "superjson";
import { isoInstant } from "./iso-instant";

/**
 * superjson.serialize for what procedures answer, several times faster, with the same result: the web app reads it
 * with superjson as before. superjson's walker tracks a path array, an identity map and its registries for every
 * value it visits, which made it 7-11 % of the server's CPU in the load bench (issue 17), though the answers are
 * plain objects, arrays, primitives and Dates.
 *
 * This walks those alone, into a copy where Dates are ISO text (handing JSON.stringify the Dates themselves made it
 * call each one's toJSON, slower than the copy) and undefined is null, as superjson writes them; its cost on a list
 * is mostly writing its Dates (isoInstant). It builds a path's text only for a Date or an undefined. Anything else anywhere in the
 * value (a Map, a Set, a bigint, a class instance, NaN, -0, an array with holes, an object met twice, which
 * superjson records as a referential equality) hands the whole value to superjson itself, so the result never
 * differs from superjson's (superjson-output.test.ts checks that on generated values).
 */
export function serializeOutput(value: unknown): SuperJSONResult {
  const annotations: Record<string, [string]> = {};
  const seen = new Set<object>();
  /** The keys from the root to the node being walked (array indexes as numbers). */
  const path: (string | number)[] = [];
  let annotated = false;
  const annotate = (type: string) => {
    annotated = true;
    annotations[pathText(path)] = [type];
  };

  /** The JSON of `node`, or `unhandled` when superjson must do it. */
  function walk(node: unknown): unknown {
    switch (typeof node) {
      case "string":
      case "boolean":
        return node;
      case "number":
        // NaN, the infinities and -0 have annotations of their own: superjson's.
        return Number.isFinite(node) && !Object.is(node, -0) ? node : unhandled;
      case "undefined":
        annotate("undefined");
        return null;
      case "object": {
        if (node === null) return null;
        if (seen.has(node)) return unhandled;
        seen.add(node);
        if (node instanceof Date) {
          if (Number.isNaN(node.getTime())) return unhandled;
          annotate("Date");
          return isoInstant(node);
        }
        if (Array.isArray(node)) {
          const json: unknown[] = new Array(node.length);
          for (let index = 0; index < node.length; index += 1) {
            if (!(index in node)) return unhandled;
            path.push(index);
            const item = walk(node[index]);
            path.pop();
            if (item === unhandled) return unhandled;
            json[index] = item;
          }
          return json;
        }
        const prototype = Object.getPrototypeOf(node);
        if (prototype !== Object.prototype && prototype !== null) return unhandled;
        const json: Record<string, unknown> = {};
        for (const key of Object.keys(node)) {
          // superjson refuses these keys (a prototype pollution risk): let it say so.
          if (key === "__proto__" || key === "constructor" || key === "prototype") return unhandled;
          path.push(key);
          const item = walk((node as Record<string, unknown>)[key]);
          path.pop();
          if (item === unhandled) return unhandled;
          json[key] = item;
        }
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
  if (annotated) result.meta = { values: annotations, v: 1 } as SuperJSONResult["meta"];
  return result;
}

const unhandled = Symbol("unhandled");

/** A path as superjson writes it: segments joined by dots, backslashes and dots within a segment escaped. */
function pathText(path: readonly (string | number)[]): string {
  let text = "";
  for (let index = 0; index < path.length; index += 1) {
    const segment = String(path[index]);
    if (index > 0) text += ".";
    text += segment.includes("\\") || segment.includes(".") ? segment.replace(/[\\.]/g, "\\$&") : segment;
  }
  return text;
}
