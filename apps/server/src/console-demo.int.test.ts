import { createSession, fixedClock } from "@market/api";
import { eq, users } from "@market/db";
import { DEMO_ACCOUNTS, seedDemo } from "@market/db/seed";
import { beforeAll, describe, expect, it } from "vitest";
import { cookieFor } from "./testing/auth-helpers";
import { useTestApp } from "./testing/test-app";

/**
 * Issue 36's "the demo seed gives every queue content": a newcomer signing in as the demo admin finds every queue
 * of the console's dashboard with something in it, read the way a script reads them (GET /admin/api/queues).
 */
const clock = fixedClock(new Date("2026-06-01T12:00:00Z"));
const server = useTestApp({ clock });
let cookie = "";

beforeAll(async () => {
  await seedDemo(server.db, { hashPassword: async (plain) => `plain:${plain}`, now: clock.now() });
  const [admin] = await server.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_ACCOUNTS.admin.email));
  cookie = cookieFor((await createSession(server.db, clock, admin?.id ?? 0)).token);
}, 120_000);

describe("the demo's console", () => {
  it("has content in every queue", async () => {
    const answer = await server.app.inject({ method: "GET", url: "/admin/api/queues", headers: { cookie } });
    expect(answer.statusCode).toBe(200);
    const counts: Record<string, number> = answer.json().data;
    expect(Object.keys(counts)).toHaveLength(6);
    for (const [queue, count] of Object.entries(counts))
      expect({ queue, count }).toEqual({ queue, count: expect.any(Number) });
    expect(Object.entries(counts).filter(([, count]) => count < 1)).toEqual([]);
  });
});
