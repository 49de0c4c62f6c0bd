import { loginSources, rateLimitBuckets, sessions } from "@market/db";
import { useTestDb } from "@market/db/testing";
import { describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { createBrand, TEST_ORIGIN } from "../../testing";
import { rememberSource } from "../auth/login-sources";
import { countAttempt, KNOWN_SOURCE_MAX_AGE_MS } from "../auth/rate-limit";
import { createSession, SESSION_INACTIVITY_MS } from "../auth/sessions";
import { memoryFileStore } from "../files/memory-file-store";
import { mailQueue } from "../mail/mailer";
import { runSweeps, SWEEPS, type SweepLog } from "./sweeps";

const testDb = useTestDb();

function recordingLog() {
  const lines: { level: "info" | "warn"; details: object; message: string }[] = [];
  const log: SweepLog = {
    info: (details, message) => lines.push({ level: "info", details, message }),
    warn: (details, message) => lines.push({ level: "warn", details, message }),
  };
  return { log, lines };
}

describe("runSweeps", () => {
  it("runs every sweep with the clock's time and answers and logs each one's count", async () => {
    const db = testDb.db;
    const t0 = new Date("2026-07-01T00:00:00Z");
    const clock = fixedClock(t0);
    const user = await createBrand(db);
    await createSession(db, clock, user.id);
    await countAttempt({ db, clock }, "loginPerIp", "203.0.113.9");
    clock.set(new Date(t0.getTime() + SESSION_INACTIVITY_MS));
    const stale = fixedClock(new Date(clock.now().getTime() - KNOWN_SOURCE_MAX_AGE_MS));
    await rememberSource({ db, clock: stale }, user.id, "203.0.113.0/24");
    const { log, lines } = recordingLog();

    const outcomes = await runSweeps({
      db,
      clock,
      files: memoryFileStore(),
      mailer: mailQueue(clock),
      publicUrl: TEST_ORIGIN,
      log,
    });
    expect(outcomes).toEqual({
      closedSearchDocs: { ok: true, count: 0 },
      expiredRateLimitBuckets: { ok: true, count: 1 },
      spentPasswordResetTokens: { ok: true, count: 0 },
      expiredSessions: { ok: true, count: 1 },
      staleLoginSources: { ok: true, count: 1 },
      orphanDealImages: { ok: true, count: 0 },
      expiredNetworkLinkStates: { ok: true, count: 0 },
      oldNetworkSnapshots: { ok: true, count: 0 },
      engagementTierMedians: { ok: true, count: 0 },
      networkStatistics: { ok: true, count: 0 },
      postChecks: { ok: true, count: 0 },
      statisticsSnapshots: { ok: true, count: 0 },
      instagramToken: { ok: true, count: 0 },
    });
    expect(Object.keys(outcomes)).toEqual(Object.keys(SWEEPS));
    expect(lines).toEqual([
      {
        level: "info",
        details: {
          counts: {
            closedSearchDocs: 0,
            expiredRateLimitBuckets: 1,
            spentPasswordResetTokens: 0,
            expiredSessions: 1,
            staleLoginSources: 1,
            orphanDealImages: 0,
            expiredNetworkLinkStates: 0,
            oldNetworkSnapshots: 0,
            engagementTierMedians: 0,
            networkStatistics: 0,
            postChecks: 0,
            statisticsSnapshots: 0,
            instagramToken: 0,
          },
        },
        message: "cleanup sweeps done",
      },
    ]);
    expect(await db.select().from(sessions)).toEqual([]);
    expect(await db.select().from(loginSources)).toEqual([]);
    expect(await db.select().from(rateLimitBuckets)).toEqual([]);
  });

  it("never lets a failing sweep stop the others, logs the failure and does not reject", async () => {
    const db = testDb.db;
    const clock = fixedClock(new Date("2026-07-02T00:00:00Z"));
    const error = new Error("lost the connection");
    const seen: string[] = [];
    const { log, lines } = recordingLog();
    const outcomes = await runSweeps(
      { db, clock, files: memoryFileStore(), mailer: mailQueue(clock), publicUrl: TEST_ORIGIN, log },
      {
        first: async (_deps, now) => {
          seen.push(`first ${now.toISOString()}`);
          return 3;
        },
        broken: async () => {
          seen.push("broken");
          throw error;
        },
        last: async (_deps, now) => {
          seen.push(`last ${now.toISOString()}`);
          return 0;
        },
      },
    );
    expect(seen).toEqual(["first 2026-07-02T00:00:00.000Z", "broken", "last 2026-07-02T00:00:00.000Z"]);
    expect(outcomes).toEqual({
      first: { ok: true, count: 3 },
      broken: { ok: false, error },
      last: { ok: true, count: 0 },
    });
    expect(lines).toEqual([
      { level: "warn", details: { err: error, sweep: "broken" }, message: "cleanup sweep failed" },
      { level: "info", details: { counts: { first: 3, last: 0 } }, message: "cleanup sweeps done" },
    ]);
  });

  it("runs without a logger", async () => {
    const outcomes = await runSweeps(
      {
        db: testDb.db,
        clock: fixedClock(new Date("2026-07-03T00:00:00Z")),
        files: memoryFileStore(),
        mailer: mailQueue(fixedClock(new Date("2026-07-03T00:00:00Z"))),
        publicUrl: TEST_ORIGIN,
      },
      { failing: () => Promise.reject(new Error("x")) },
    );
    expect(outcomes.failing).toMatchObject({ ok: false });
  });
});
