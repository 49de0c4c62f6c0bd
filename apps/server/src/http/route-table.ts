import type { FastifyInstance, RouteOptions } from "fastify";

/** One route as the server registered it: a method (WS for a WebSocket route) and its path pattern. */
export interface RouteEntry {
  method: string;
  url: string;
}

const tables = new WeakMap<FastifyInstance, RouteEntry[]>();

/** Methods Fastify adds by itself (HEAD beside each GET): not routes anyone wrote. */
const IMPLIED = new Set(["HEAD"]);

function entriesOf(route: RouteOptions): RouteEntry[] {
  if ("websocket" in route && route.websocket) return [{ method: "WS", url: route.url }];
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  return methods.filter((method) => !IMPLIED.has(method)).map((method) => ({ method, url: route.url }));
}

/**
 * Keeps every route the app registers from now on, so a test can hold each one to its expectations (the
 * authorization matrix): call it first, before any plugin registers a route.
 */
export function recordRoutes(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  tables.set(app, table);
  app.addHook("onRoute", (route) => {
    table.push(...entriesOf(route));
  });
}

/** The routes an app registered, in order; empty for an app that did not record them. */
export function routeTableOf(app: FastifyInstance): readonly RouteEntry[] {
  return tables.get(app) ?? [];
}
