import type { Caller } from "@market/api";
import type { RestRoute } from "../rest/route";

/**
 * How a REST route builds its procedure's input from the request, read by calling the route on a caller that
 * records (as routes-beside-procedures.test.ts does): the document then describes each path's parameters, query
 * and body from the procedure's own schema, and cannot say otherwise than the shim does.
 */
export interface RouteShape {
  /** The procedure's dotted path (`applications.list`). */
  procedure: string;
  /** Input key → path parameter that fills it (`id` ← `:id`). */
  pathKeys: Record<string, string>;
  /** Input key → query parameter read one by one (`before` ← `?before=`). */
  queryKeys: Record<string, string>;
  /** The whole query string is spread into the input: every other key of the input is a query parameter. */
  querySpread: boolean;
  /** Where the JSON body goes: none, the whole input (`input`), spread beside the path's keys, or under one key. */
  body: { at: "none" } | { at: "input" } | { at: "spread" } | { at: "key"; key: string };
  /** Keys the route sets itself (a fixed decision): not the caller's to send. */
  fixedKeys: string[];
}

const PARAM = "\u0000param:";
const QUERY = "\u0000query:";
const SPREAD = "\u0000spread";
const BODY = "\u0000body";

/** The path's parameter names, in order (`/api/cases/:applicationId/evidence.zip` → applicationId). */
export const pathParams = (path: string): string[] => [...path.matchAll(/:(\w+)/g)].map((match) => match[1] ?? "");

/** A query string that remembers which of its keys were read and whether it was spread. */
function recordingQuery(read: Set<string>, spread: { yes: boolean }): Record<string, unknown> {
  return new Proxy({} as Record<string, unknown>, {
    get: (_target, key) => {
      if (typeof key !== "string") return undefined;
      read.add(key);
      return `${QUERY}${key}`;
    },
    ownKeys: () => {
      spread.yes = true;
      return [SPREAD];
    },
    getOwnPropertyDescriptor: () => ({ enumerable: true, configurable: true, value: SPREAD }),
  });
}

export function shapeOf(route: RestRoute): RouteShape {
  let procedure = "";
  let input: unknown;
  const recorder = (path: string[]): unknown =>
    new Proxy(() => {}, {
      get: (_target, key) => recorder([...path, String(key)]),
      apply: (_target, _this, args: unknown[]) => {
        procedure = path.join(".");
        input = args[0];
        return Promise.resolve(null);
      },
    });
  const params = Object.fromEntries(pathParams(route.path).map((name) => [name, `${PARAM}${name}`]));
  const body = { [BODY]: true };
  const read = new Set<string>();
  const spread = { yes: false };
  const query = recordingQuery(read, spread);
  void route.call(recorder([]) as Caller, { params, query, body });

  const shape: RouteShape = {
    procedure,
    pathKeys: {},
    queryKeys: {},
    querySpread: spread.yes,
    body: { at: "none" },
    fixedKeys: [],
  };
  if (input === body) return { ...shape, body: { at: "input" } };
  if (input === query) return { ...shape, querySpread: true };
  if (typeof input !== "object" || input === null) return shape;
  for (const [key, value] of Object.entries(input)) {
    if (key === BODY) shape.body = { at: "spread" };
    else if (key === SPREAD) continue;
    else if (value === body) shape.body = { at: "key", key };
    else if (typeof value === "string" && value.startsWith(PARAM)) shape.pathKeys[key] = value.slice(PARAM.length);
    else if (typeof value === "string" && value.startsWith(QUERY)) shape.queryKeys[key] = value.slice(QUERY.length);
    else shape.fixedKeys.push(key);
  }
  return shape;
}
