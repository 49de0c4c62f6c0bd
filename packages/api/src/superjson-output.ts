import superjson, { type SuperJSONResult } from "superjson";

/**
 * superjson.serialize for what procedures answer, several times faster, with the same JSON text: the web app reads
 * it with superjson as before. superjson's walker tracks a path array, an identity map and its registries for every
 * value it visits and copies the value, which made it 7-11 % of the server's CPU in the load bench (issue 17),
 * though the answers are plain objects, arrays, primitives and Dates.
 *
 * This walks those alone, without copying: the answer itself is the result's `json`, since JSON.stringify writes a
 * valid Date as its toISOString(), which is what superjson writes, and an undefined array item as null, as superjson
 * does. It only notes the paths of Dates and undefined items, building a path's text only for those (building it
 * for every key was half the walk's cost on a list). Anything else anywhere in the value hands the whole value to
 * superjson itself, so the text never differs from superjson's (superjson-output.test.ts checks that on generated
 * values): a Map, a Set, a bigint, a class instance, NaN, -0, an array with holes, an object met twice (superjson
 * records it as a referential equality), and an undefined property (superjson writes it as null where JSON.stringify
 * would drop the key).
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

  /** Whether `node` is what this walk serializes; false hands the whole value to superjson. */
  function walk(node: unknown): boolean {
    switch (typeof node) {
      case "string":
      case "boolean":
        return true;
      case "number":
        // NaN, the infinities and -0 have annotations of their own: superjson's.
        return Number.isFinite(node) && !Object.is(node, -0);
      case "undefined":
        annotate("undefined");
        return true;
      case "object": {
        if (node === null) return true;
        if (seen.has(node)) return false;
        seen.add(node);
        if (node instanceof Date) {
          if (Number.isNaN(node.getTime())) return false;
          annotate("Date");
          return true;
        }
        if (Array.isArray(node)) {
          for (let index = 0; index < node.length; index += 1) {
            if (!(index in node)) return false;
            path.push(index);
            const handled = walk(node[index]);
            path.pop();
            if (!handled) return false;
          }
          return true;
        }
        const prototype = Object.getPrototypeOf(node);
        if (prototype !== Object.prototype && prototype !== null) return false;
        for (const key of Object.keys(node)) {
          // superjson refuses these keys (a prototype pollution risk): let it say so.
          if (key === "__proto__" || key === "constructor" || key === "prototype") return false;
          const item = (node as Record<string, unknown>)[key];
          if (item === undefined) return false;
          path.push(key);
          const handled = walk(item);
          path.pop();
          if (!handled) return false;
        }
        return true;
      }
      default:
        return false;
    }
  }

  // A Date or undefined at the root: JSON.stringify would not write superjson's json for it.
  if (value === undefined || value instanceof Date || !walk(value)) return superjson.serialize(value);
  const result: SuperJSONResult = { json: value as SuperJSONResult["json"] };
  if (annotated) result.meta = { values: annotations, v: 1 } as SuperJSONResult["meta"];
  return result;
}

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
