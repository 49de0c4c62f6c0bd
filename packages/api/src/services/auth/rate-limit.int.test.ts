import { rateLimitBuckets } from "@market/db";
import { useTestDb } from "@market/db/testing";
import { describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { RateLimited } from "../../errors";
import { countAttempt, giveBack, RATE_LIMITS, tally, tallyIfDue, throttle } from "./rate-limit";

const testDb = useTestDb();

describe("rate limits (fixed windows in rate_limit_buckets)", () => {
  it("allows the limit within a window, refuses beyond it, and starts afresh in the next window", async () => {
    const clock = fixedClock(new Date("2026-01-01T10:00:00Z"));
    const deps = { db: testDb.db, clock };
    const { limit, windowMs } = RATE_LIMITS.changePasswordPerUser;
    for (let i = 0; i < limit; i++) expect(await countAttempt(deps, "changePasswordPerUser", "user:1")).toBe(true);
    expect(await countAttempt(deps, "changePasswordPerUser", "user:1")).toBe(false);
    // Other subjects and other limits have their own counters.
    expect(await countAttempt(deps, "changePasswordPerUser", "user:2")).toBe(true);
    expect(await countAttempt(deps, "loginPerIp", "user:1")).toBe(true);
    clock.advance(windowMs);
    expect(await countAttempt(deps, "changePasswordPerUser", "user:1")).toBe(true);
  });

  it("keeps one row per key and window, however many attempts", async () => {
    const clock = fixedClock(new Date("2026-01-02T10:00:00Z"));
    const deps = { db: testDb.db, clock };
    for (let i = 0; i < 25; i++) await countAttempt(deps, "signupPerIp", "192.0.2.1");
    const buckets = (await testDb.db.select().from(rateLimitBuckets)).filter((b) => b.key === "signupPerIp:192.0.2.1");
    expect(buckets).toEqual([
      {
        key: "signupPerIp:192.0.2.1",
        windowStart: new Date("2026-01-02T10:00:00Z"),
        count: 25,
        lastAt: new Date("2026-01-02T10:00:00Z"),
      },
    ]);
  });

  it("counts concurrent attempts exactly (the upsert is atomic)", async () => {
    const deps = { db: testDb.db, clock: fixedClock(new Date("2026-01-03T10:00:00Z")) };
    const results = await Promise.all(
      Array.from({ length: 15 }, () => countAttempt(deps, "changePasswordPerUser", "user:concurrent")),
    );
    expect(results.filter(Boolean)).toHaveLength(RATE_LIMITS.changePasswordPerUser.limit);
  });

  it("scales every limit by rateLimitScale", async () => {
    const deps = { db: testDb.db, clock: fixedClock(new Date("2026-01-04T10:00:00Z")), rateLimitScale: 2 };
    const { limit } = RATE_LIMITS.resetRequestPerEmail;
    for (let i = 0; i < limit * 2; i++) expect(await countAttempt(deps, "resetRequestPerEmail", "x@y.z")).toBe(true);
    expect(await countAttempt(deps, "resetRequestPerEmail", "x@y.z")).toBe(false);
  });

  it("throttle refuses with rate_limited when any limit is exceeded, counting all", async () => {
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
    await expect(refused).rejects.toMatchObject({ reason: "rate_limited" });
    await expect(refused).rejects.toBeInstanceOf(RateLimited);
    // The refused attempt still counted against the address: 6 of its 20.
    for (let i = 0; i < RATE_LIMITS.resetRequestPerIp.limit - 6; i++) {
      expect(await countAttempt(deps, "resetRequestPerIp", "198.51.100.1")).toBe(true);
    }
    expect(await countAttempt(deps, "resetRequestPerIp", "198.51.100.1")).toBe(false);
  });

  it("says when a refused attempt may come back: when the last exceeded window ends", async () => {
    const clock = fixedClock(new Date("2026-01-06T10:05:00Z"));
    const deps = { db: testDb.db, clock };
    for (let i = 0; i < RATE_LIMITS.signupPerIp.limit; i++) await throttle(deps, [["signupPerIp", "203.0.113.6"]]);
    const refusal = await throttle(deps, [
      ["loginPerIp", "203.0.113.6"],
      ["signupPerIp", "203.0.113.6"],
    ]).catch((error: unknown) => error);
    // The hour-long sign-up window of 10:00 ends at 11:00, 55 minutes on.
    expect(refusal).toBeInstanceOf(RateLimited);
    expect(refusal).toMatchObject({ reason: "rate_limited", retryAfterMs: 55 * 60_000 });
  });
});

describe("limits with growing delays (tallyIfDue)", () => {
  const { limit, windowMs, firstDelayMs } = RATE_LIMITS.loginFailuresPerSource;

  it("lets the limit through, then one attempt per delay, doubling the delay each time", async () => {
    const clock = fixedClock(new Date("2026-02-01T10:00:00Z"));
    const deps = { db: testDb.db, clock };
    for (let i = 1; i <= limit; i++) {
      expect(await tallyIfDue(deps, "loginFailuresPerSource", "a")).toMatchObject({ counted: { count: i } });
    }
    for (const delay of [firstDelayMs, 2 * firstDelayMs, 4 * firstDelayMs]) {
      expect(await tallyIfDue(deps, "loginFailuresPerSource", "a")).toEqual({ retryAfterMs: delay });
      clock.advance(delay - 1);
      expect(await tallyIfDue(deps, "loginFailuresPerSource", "a")).toEqual({ retryAfterMs: 1 });
      clock.advance(1);
      expect(await tallyIfDue(deps, "loginFailuresPerSource", "a")).toHaveProperty("counted");
    }
    // Another subject is not held.
    expect(await tallyIfDue(deps, "loginFailuresPerSource", "b")).toMatchObject({ counted: { count: 1 } });
  });

  it("never asks to wait past the window's end, and starts afresh in the next window", async () => {
    const clock = fixedClock(new Date("2026-02-02T10:00:00Z"));
    const deps = { db: testDb.db, clock };
    for (let i = 0; i < limit; i++) await tallyIfDue(deps, "loginFailuresPerSource", "late");
    clock.set(new Date(Date.parse("2026-02-02T10:00:00Z") + windowMs - 10_000));
    await tallyIfDue(deps, "loginFailuresPerSource", "late");
    // Due a doubled delay on, but the window ends in 10 seconds.
    expect(await tallyIfDue(deps, "loginFailuresPerSource", "late")).toEqual({ retryAfterMs: 10_000 });
    clock.advance(10_000);
    expect(await tallyIfDue(deps, "loginFailuresPerSource", "late")).toMatchObject({ counted: { count: 1 } });
  });

  it("lets only one of the attempts arriving together through when one is due", async () => {
    const clock = fixedClock(new Date("2026-02-03T10:00:00Z"));
    const deps = { db: testDb.db, clock };
    for (let i = 0; i < limit; i++) await tallyIfDue(deps, "loginFailuresPerSource", "burst");
    clock.advance(firstDelayMs);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => tallyIfDue(deps, "loginFailuresPerSource", "burst")),
    );
    expect(results.filter((result) => "counted" in result)).toHaveLength(1);
  });

  it("gives an attempt back: it no longer counts towards the limit", async () => {
    const deps = { db: testDb.db, clock: fixedClock(new Date("2026-02-04T10:00:00Z")) };
    for (let i = 0; i < limit - 1; i++) await tallyIfDue(deps, "loginFailuresPerSource", "back");
    const last = await tallyIfDue(deps, "loginFailuresPerSource", "back");
    if (!("counted" in last)) throw new Error("the last allowed attempt was refused");
    await giveBack(testDb.db, last.counted);
    expect(await tallyIfDue(deps, "loginFailuresPerSource", "back")).toMatchObject({ counted: { count: limit } });
    expect(await tallyIfDue(deps, "loginFailuresPerSource", "back")).toHaveProperty("retryAfterMs");
    expect((await tally(deps, "loginFailuresPerSource", "back")).count).toBe(limit + 1);
  });
});
