import { readdirSync, readFileSync } from "node:fs";
import type { Caller } from "@market/api";
import { describe, expect, it } from "vitest";
import { receiptRoutes } from "./receipts";
import type { RestRoute } from "./route";
import { restRoutes } from "./routes";

const routers = new URL("../../../../packages/api/src/routers/", import.meta.url);

/** The text of every file of a router's folder and its subfolders (`applications` for `applications.workDone`). */
function routerText(namespace: string): string {
  const folder = new URL(`${namespace}/`, routers);
  return readdirSync(folder, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"))
    .map((name) => readFileSync(new URL(name, folder), "utf8"))
    .join("\n");
}

/** The procedure a REST route calls, read by calling it on a caller that records the path it is asked for. */
function procedureOf(route: RestRoute): string {
  let called = "";
  const recorder = (path: string[]): unknown =>
    new Proxy(() => {}, {
      get: (_target, key) => recorder([...path, String(key)]),
      apply: () => {
        called = path.join(".");
        return Promise.resolve({});
      },
    });
  void route.call(recorder([]) as Caller, { params: { id: "1" }, query: {}, body: {} });
  return called;
}

/** `/api/deals/:id` as the routers' comments write it: `/api/deals/{id}`. */
const documented = (path: string) => path.replace(/:(\w+)/g, "{$1}");

describe("one grep from a route to its code", () => {
  it("names each REST path in the router of the procedure it calls", () => {
    // The receipts' paths answer a PDF rather than the envelope, from their own plugin; they are REST paths alike.
    const missing = [...restRoutes, ...receiptRoutes]
      .map((route) => ({ rest: `${route.method} ${documented(route.path)}`, procedure: procedureOf(route) }))
      .filter(({ rest, procedure }) => !routerText(procedure.split(".")[0] ?? "").includes(rest));
    expect(missing).toEqual([]);
  });
});
