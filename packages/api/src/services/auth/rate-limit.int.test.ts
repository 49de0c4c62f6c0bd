import { rateLimitBuckets } from "@market/db";
import { createTestDb, type TestDb } from "@market/db/testing";
import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { countAttempt, RATE_LIMITS, throttle } from "./rate-limit";

let testDb: TestDb;

beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(() => testDb.close());

describe("rate limits (fixed windows in rate_limit_buckets)", () => {
  it("allows the limit within a window, refuses beyond it, and starts afresh in the next window", async () => {
    const clock = fixedClock(new Date("2026-01-01T10:00:00Z"));
    const deps = { db: testDb.db, clock };
    const { limit, windowMs } = RATE_LIMITS.loginPerAccount;
    for (let i = 0; i < limit; i++) expect(await countAttempt(deps, "loginPerAccount", "user:1")).toBe(true);
    expect(await countAttempt(deps, "loginPerAccount", "user:1")).toBe(false);
    // Other subjects and other limits have their own counters.
    expect(await countAttempt(deps, "loginPerAccount", "user:2")).toBe(true);
    expect(await countAttempt(deps, "loginPerIp", "user:1")).toBe(true);
    clock.advance(windowMs);
    expect(await countAttempt(deps, "loginPerAccount", "user:1")).toBe(true);
  });

  it("keeps one row per key and window, however many attempts", async () => {
    const clock = fixedClock(new Date("2026-01-02T10:00:00Z"));
    const deps = { db: testDb.db, clock };
    for (let i = 0; i < 25; i++) await countAttempt(deps, "signupPerIp", "192.0.2.1");
    const buckets = (await testDb.db.select().from(rateLimitBuckets)).filter((b) => b.key === "signupPerIp:192.0.2.1");
    expect(buckets).toEqual([
      { key: "signupPerIp:192.0.2.1", windowStart: new Date("2026-01-02T10:00:00Z"), count: 25 },
    ]);
  });

  it("counts concurrent attempts exactly (the upsert is atomic)", async () => {
    const deps = { db: testDb.db, clock: fixedClock(new Date("2026-01-03T10:00:00Z")) };
    const results = await Promise.all(
      Array.from({ length: 15 }, () => countAttempt(deps, "loginPerAccount", "user:concurrent")),
    );
    expect(results.filter(Boolean)).toHaveLength(RATE_LIMITS.loginPerAccount.limit);
  });

  it("scales every limit by rateLimitScale", async () => {
    const deps = { db: testDb.db, clock: fixedClock(new Date("2026-01-04T10:00:00Z")), rateLimitScale: 2 };
    const { limit } = RATE_LIMITS.resetRequestPerEmail;
    for (let i = 0; i < limit * 2; i++) expect(await countAttempt(deps, "resetRequestPerEmail", "x@y.z")).toBe(true);
    expect(await countAttempt(deps, "resetRequestPerEmail", "x@y.z")).toBe(false);
  });

  it("throttle refuses with TOO_MANY_REQUESTS rate_limited when any limit is exceeded, counting all", async () => {
    const deps = { db: testDb.db, clock: fixedClock(new Date("2026-01-05T10:00:00Z")) };
    for (let i = 0; i < RATE_LIMITS.resetRequestPerEmail.limit; i++) {
      await throttle(deps, [
        ["resetRequestPerIp", "198.51.100.1"],
        ["resetRequestPerEmail", "full@example.com"],
      ]);
    }
    const refused = throttle(deps, [
      ["resetRequestPerIp", "198.51.100.1"],
      ["resetRequestPerEmail", "full@example.com"],
    ]);
    await expect(refused).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS", message: "rate_limited" });
    await expect(refused).rejects.toBeInstanceOf(TRPCError);
    // The refused attempt still counted against the address: 6 of its 20.
    for (let i = 0; i < RATE_LIMITS.resetRequestPerIp.limit - 6; i++) {
      expect(await countAttempt(deps, "resetRequestPerIp", "198.51.100.1")).toBe(true);
    }
    expect(await countAttempt(deps, "resetRequestPerIp", "198.51.100.1")).toBe(false);
  });
});
