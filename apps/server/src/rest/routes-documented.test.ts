import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { receiptRoutes } from "./receipts";
import { restRoutes } from "./routes";

const reference = readFileSync(new URL("../../../../docs/api.md", import.meta.url), "utf8");

/** `/api/deals/:id` as the reference writes it: `/api/deals/{id}`. */
const documented = (path: string) => path.replace(/:(\w+)/g, "{$1}");

describe("docs/api.md", () => {
  it("documents every REST path the server registers", () => {
    // The receipts' paths answer a PDF rather than the envelope, from their own plugin; they are REST paths alike.
    const missing = [...restRoutes, ...receiptRoutes]
      .map((route) => `${route.method} ${documented(route.path)}`)
      .filter((line) => !reference.includes(line));
    expect(missing).toEqual([]);
  });
});
