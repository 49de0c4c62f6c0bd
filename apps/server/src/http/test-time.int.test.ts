import { createSession, memoryFileStore, offsetClock, sandboxPayoutProvider, systemClock } from "@market/api";
import { influencerWithBalance, paidApplication, paypalPayout, TEST_ORIGIN } from "@market/api/testing";
import { DAY_MS, MINUTE_MS, RELEASE_WINDOW_MS, sandboxDeliverables } from "@market/contracts";
import { applications, eq, payouts } from "@market/db";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { post } from "../testing/auth-helpers";
import { useTestApp } from "../testing/test-app";

// The e2e server's clock: real time plus the jumps POST /api/test/clock asks for (main.ts with E2E_TEST_ROUTES=1).
const clock = offsetClock(systemClock);
/** As scripts/e2e.mjs runs it: the payout sandbox pays a second after it was sent. */
const SANDBOX_DELAY_MS = 1_000;
const server = useTestApp({
  testRoutes: true,
  clock,
  files: memoryFileStore(),
  payoutProviders: {
    paypal: sandboxPayoutProvider({ clock, delayMs: SANDBOX_DELAY_MS, method: "paypal" }),
    transferwise: sandboxPayoutProvider({ clock, delayMs: SANDBOX_DELAY_MS, method: "transferwise" }),
  },
});
/** The same database served with the test routes but on the plain system clock. */
let unmovable: FastifyInstance;
beforeAll(async () => {
  unmovable = await buildApp({ db: server.db, clock: systemClock, publicUrl: TEST_ORIGIN, testRoutes: true });
});
afterAll(async () => unmovable.close());

const moveClock = (body: unknown, app = server.app, ip = "127.0.0.1") => post(app, "/api/test/clock", body, { ip });
const runSweeps = (body?: unknown, ip = "127.0.0.1") => post(server.app, "/api/test/sweeps", body, { ip });
const statusOf = async (id: number) =>
  (await server.db.select({ status: applications.status }).from(applications).where(eq(applications.id, id)))[0]
    ?.status;

describe("POST /api/test/clock", () => {
  it("moves the server's clock forward by the ms asked, the jumps adding up, and back to real time on reset", async () => {
    const before = Date.now();
    const first = await moveClock({ advanceMs: DAY_MS });
    expect(first.statusCode).toBe(200);
    expect(first.json().data.offsetMs).toBe(DAY_MS);
    const second = await moveClock({ advanceMs: 2 * DAY_MS });
    expect(second.json().data.offsetMs).toBe(3 * DAY_MS);
    const now = Date.parse(second.json().data.now);
    expect(now).toBeGreaterThanOrEqual(before + 3 * DAY_MS);
    expect(now).toBeLessThan(Date.now() + 3 * DAY_MS + 1_000);
    expect(clock.now().getTime()).toBeGreaterThanOrEqual(now);

    const reset = await moveClock({ reset: true });
    expect([reset.statusCode, reset.json().data.offsetMs]).toEqual([200, 0]);
    expect(Math.abs(clock.now().getTime() - Date.now())).toBeLessThan(1_000);
  });

  it("refuses a jump that is not a positive whole number of ms up to a year, naming the field, and moves nothing", async () => {
    for (const [body, field] of [
      [{}, ""],
      [{ advanceMs: 0 }, "advanceMs"],
      [{ advanceMs: -DAY_MS }, "advanceMs"],
      [{ advanceMs: 1.5 }, "advanceMs"],
      [{ advanceMs: "86400000" }, "advanceMs"],
      [{ advanceMs: 367 * DAY_MS }, "advanceMs"],
      [{ advanceMs: DAY_MS, extra: 1 }, ""],
      [{ reset: false }, "reset"],
    ] as const) {
      const response = await moveClock(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ status: "error", reason: "invalid" });
      expect(response.json().issues.some((issue: { path: string[] }) => issue.path.join(".") === field)).toBe(true);
    }
    expect(clock.offsetMs()).toBe(0);
  });

  it("answers conflict on a server whose clock cannot move, and does not exist for another machine", async () => {
    const fixed = await moveClock({ advanceMs: DAY_MS }, unmovable);
    expect([fixed.statusCode, fixed.json()]).toEqual([409, { status: "error", reason: "conflict" }]);
    const remote = await moveClock({ advanceMs: DAY_MS }, server.app, "10.1.2.3");
    expect([remote.statusCode, remote.json()]).toEqual([404, { status: "error", reason: "not_found" }]);
    expect(clock.offsetMs()).toBe(0);
  });
});

describe("POST /api/test/sweeps", () => {
  it("releases the money of a window the moved clock ended, at once, and counts it; a second run changes nothing", async () => {
    const app = await paidApplication(server.db, clock);
    const influencer = (await createSession(server.db, clock, app.influencer.id, null)).token;
    const done = await post(
      server.app,
      `/api/applications/${app.id}/done`,
      { deliverables: sandboxDeliverables(["instagram"]) },
      { token: influencer },
    );
    expect(done.statusCode).toBe(200);

    // Within the window: nothing is due.
    const early = await runSweeps();
    expect([early.statusCode, early.json().data.dueReleases]).toEqual([200, 0]);
    expect(await statusOf(app.id)).toBe("PROGRESS");

    await moveClock({ advanceMs: RELEASE_WINDOW_MS + DAY_MS });
    const due = await runSweeps({});
    expect(due.statusCode).toBe(200);
    expect(due.json()).toEqual({
      status: "success",
      data: {
        expiredProposals: expect.any(Number),
        dueReleases: 1,
        releaseReminders: expect.any(Number),
        notificationMail: expect.any(Number),
        payouts: expect.any(Number),
      },
    });
    expect(await statusOf(app.id)).toBe("COMPLETE");
    expect((await runSweeps()).json().data.dueReleases).toBe(0);
    await moveClock({ reset: true });
  });

  it("runs the payout worker: a requested payout is sent, then paid once the moved clock passes its first look", async () => {
    const { user } = await influencerWithBalance(server.db, clock, 5_000);
    const token = (await createSession(server.db, clock, user.id, null)).token;
    const requested = await post(server.app, "/api/earnings/payout", paypalPayout(2_000), { token });
    const id = requested.json().data.payout.id as number;
    const stateOf = async () => (await server.db.select().from(payouts).where(eq(payouts.id, id)))[0];

    expect((await runSweeps()).json().data.payouts).toBeGreaterThanOrEqual(1);
    expect(await stateOf()).toMatchObject({ status: "processing", releaseDate: null });
    expect((await stateOf())?.sentAt).not.toBeNull();

    await moveClock({ advanceMs: MINUTE_MS });
    expect((await runSweeps()).json().data.payouts).toBeGreaterThanOrEqual(1);
    expect(await stateOf()).toMatchObject({ status: "paid" });
    expect((await stateOf())?.releaseDate).not.toBeNull();
    await moveClock({ reset: true });
  });

  it("refuses a body and a request from another machine", async () => {
    const withBody = await runSweeps({ only: "dueReleases" });
    expect([withBody.statusCode, withBody.json()]).toEqual([400, { status: "error", reason: "invalid" }]);
    const remote = await runSweeps(undefined, "10.1.2.3");
    expect([remote.statusCode, remote.json()]).toEqual([404, { status: "error", reason: "not_found" }]);
  });
});
