import { MINUTE_MS } from "@market/contracts";
import { rateLimitBuckets } from "@market/db";
import { useTestDb } from "@market/db/testing";
import { describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { countAttempt, RATE_LIMITS, throttle } from "../auth/rate-limit";
import { sweepExpiredRateLimitBuckets } from "./rate-limit-buckets";

const testDb = useTestDb();

const keys = async () => (await testDb.db.select().from(rateLimitBuckets)).map((b) => b.key).sort();

describe("sweepExpiredRateLimitBuckets", () => {
  it("deletes each bucket once its own limit's window has ended, and no live one", async () => {
    const clock = fixedClock(new Date("2026-03-01T10:00:00Z"));
    const deps = { db: testDb.db, clock };
    // loginPerIp windows last 15 minutes, signupPerIp windows an hour.
    expect(RATE_LIMITS.loginPerIp.windowMs).toBe(15 * MINUTE_MS);
    expect(RATE_LIMITS.signupPerIp.windowMs).toBe(60 * MINUTE_MS);
    await countAttempt(deps, "loginPerIp", "198.51.100.1"); // window 10:00-10:15
    await countAttempt(deps, "signupPerIp", "2001:db8::1"); // window 10:00-11:00 (a subject with colons)
    clock.set(new Date("2026-03-01T10:20:00Z"));
    await countAttempt(deps, "loginPerIp", "198.51.100.1"); // window 10:15-10:30

    // 10:14:59.999: nothing has ended yet.
    expect(await sweepExpiredRateLimitBuckets(testDb.db, new Date("2026-03-01T10:14:59.999Z"))).toBe(0);
    expect(await keys()).toHaveLength(3);
    // 10:20: the 10:00 login window has ended, the hour-long signup window has not, nor the current login window.
    expect(await sweepExpiredRateLimitBuckets(testDb.db, clock.now())).toBe(1);
    expect(await keys()).toHaveLength(2);
    expect(await testDb.db.select().from(rateLimitBuckets)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          key: "loginPerIp:198.51.100.1",
          windowStart: new Date("2026-03-01T10:15:00Z"),
          count: 1,
        }),
        expect.objectContaining({
          key: "signupPerIp:2001:db8::1",
          windowStart: new Date("2026-03-01T10:00:00Z"),
          count: 1,
        }),
      ]),
    );
    // 11:00 exactly: the signup window has ended (the next attempt would open a new bucket).
    expect(await sweepExpiredRateLimitBuckets(testDb.db, new Date("2026-03-01T11:00:00Z"))).toBe(2);
    expect(await keys()).toEqual([]);
  });

  it("keeps a bucket of an unknown limit name for the longest window", async () => {
    const longest = Math.max(...Object.values(RATE_LIMITS).map((limit) => limit.windowMs));
    const start = Date.parse("2026-03-02T00:00:00Z");
    await testDb.db.insert(rateLimitBuckets).values({ key: "retiredLimit:x", windowStart: new Date(start), count: 3 });
    expect(await sweepExpiredRateLimitBuckets(testDb.db, new Date(start + longest - 1))).toBe(0);
    expect(await sweepExpiredRateLimitBuckets(testDb.db, new Date(start + longest))).toBe(1);
  });

  it("changes no live limit: a full bucket inside its window survives and the limit still trips", async () => {
    const clock = fixedClock(new Date("2026-03-03T10:00:00Z"));
    const deps = { db: testDb.db, clock };
    const { limit } = RATE_LIMITS.loginPerIp;
    for (let i = 0; i < limit; i++) await throttle(deps, [["loginPerIp", "198.51.100.2"]]);
    clock.set(new Date("2026-03-03T10:14:00Z"));

    expect(await sweepExpiredRateLimitBuckets(testDb.db, clock.now())).toBe(0);
    expect(await keys()).toEqual(["loginPerIp:198.51.100.2"]);
    await expect(throttle(deps, [["loginPerIp", "198.51.100.2"]])).rejects.toMatchObject({ reason: "rate_limited" });
  });
});
