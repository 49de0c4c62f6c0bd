import { describe, expect, it } from "vitest";
import { isServerPath } from "./spa";

describe("isServerPath", () => {
  it("keeps API, tRPC, the notifications socket, files, auth and health paths away from the SPA fallback", () => {
    for (const path of [
      "/api",
      "/api/deals",
      "/admin/api/deals/1/ok",
      "/admin/login?u=i&id=3",
      "/trpc/x",
      "/notifications",
      "/notifications?lastEventId=4",
      "/files/a",
      "/auth/twitter",
      "/health",
    ]) {
      expect(isServerPath(path)).toBe(true);
    }
  });

  it("leaves client routes to the SPA, including look-alikes", () => {
    for (const path of [
      "/",
      "/find",
      "/apiary",
      "/admin",
      "/admin/logins",
      "/healthy",
      "/notificationsx",
      "/campaigns/1/edit",
    ]) {
      expect(isServerPath(path)).toBe(false);
    }
  });
});
