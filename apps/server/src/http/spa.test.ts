import { describe, expect, it } from "vitest";
import { isServerPath } from "./spa";

describe("isServerPath", () => {
  it("keeps API, tRPC, files, auth and health paths away from the SPA fallback", () => {
    for (const path of [
      "/api",
      "/api/deals",
      "/admin/api/deals/1/ok",
      "/admin/login?u=i&id=3",
      "/trpc/x",
      "/files/a",
      "/auth/twitter",
      "/health",
    ]) {
      expect(isServerPath(path)).toBe(true);
    }
  });

  it("leaves client routes to the SPA, including look-alikes", () => {
    for (const path of ["/", "/find", "/apiary", "/admin", "/admin/logins", "/healthy", "/campaigns/1/edit"]) {
      expect(isServerPath(path)).toBe(false);
    }
  });
});
