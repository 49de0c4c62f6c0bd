import superjson, { type SuperJSONResult } from "superjson";

/**
 * superjson.serialize for what procedures answer, several times faster, with the same result: the web app reads it
 * with superjson as before. superjson's walker tracks a path array, an identity map and its registries for every
 * value it visits, which made it 7-11 % of the server's CPU in the load bench (issue 17), though the answers are
 * plain objects, arrays, primitives and Dates. This walks those alone; anything else anywhere in the value (a Map,
 * a Set, a bigint, a class instance, NaN, -0, an array with holes, an object met twice, which superjson records as
 * a referential equality) hands the whole value to superjson itself, so the result never differs from superjson's
 * (superjson-output.test.ts checks that on generated values).
 */
export function serializeOutput(value: unknown): SuperJSONResult {
  const annotations: Record<string, [string]> = {};
  const seen = new Set<object>();
  let annotated = false;
  let rootAnnotation: [string] | undefined;
  const annotate = (path: string | undefined, type: string) => {
    annotated = true;
    if (path === undefined) rootAnnotation = [type];
    else annotations[path] = [type];
  };

  /**
   * The JSON of `node` at `path` (superjson's escaped dotted path; undefined at the root, as "" is the path of an
   * empty key), or `unhandled` when superjson must do it.
   */
  function walk(node: unknown, path: string | undefined): unknown {
    switch (typeof node) {
      case "string":
      case "boolean":
        return node;
      case "number":
        // NaN, the infinities and -0 have annotations of their own: superjson's.
        return Number.isFinite(node) && !Object.is(node, -0) ? node : unhandled;
      case "undefined":
        annotate(path, "undefined");
        return null;
      case "object": {
        if (node === null) return null;
        if (seen.has(node)) return unhandled;
        seen.add(node);
        if (node instanceof Date) {
          if (Number.isNaN(node.getTime())) return unhandled;
          annotate(path, "Date");
          return node.toISOString();
        }
        const prefix = path === undefined ? "" : `${path}.`;
        if (Array.isArray(node)) {
          const json: unknown[] = new Array(node.length);
          for (let index = 0; index < node.length; index += 1) {
            if (!(index in node)) return unhandled;
            const item = walk(node[index], `${prefix}${index}`);
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
          const item = walk((node as Record<string, unknown>)[key], `${prefix}${escapeKey(key)}`);
          if (item === unhandled) return unhandled;
          json[key] = item;
        }
        return json;
      }
      default:
        return unhandled;
    }
  }

  const json = walk(value, undefined);
  if (json === unhandled) return superjson.serialize(value);
  const result: SuperJSONResult = { json: json as SuperJSONResult["json"] };
  if (annotated) result.meta = { values: rootAnnotation ?? annotations, v: 1 } as SuperJSONResult["meta"];
  return result;
}

const unhandled = Symbol("unhandled");

/** A path segment as superjson writes it: backslashes and dots escaped. */
const escapeKey = (key: string) => (key.includes("\\") || key.includes(".") ? key.replace(/[\\.]/g, "\\$&") : key);
