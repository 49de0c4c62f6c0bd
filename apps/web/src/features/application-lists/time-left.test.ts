import { DAY_MS, HOUR_MS, MINUTE_MS, TIME_LEFT_BADGE_MS } from "@market/contracts";
import { describe, expect, it } from "vitest";
import { timeLeftBadge } from "./time-left";

const waiting = (timeBeforeExpiration: number | null) => ({ status: "WAITING" as const, timeBeforeExpiration });

describe("timeLeftBadge", () => {
  it("shows under 259200000 ms (3 days) only", () => {
    expect(TIME_LEFT_BADGE_MS).toBe(259_200_000);
    expect(timeLeftBadge(waiting(TIME_LEFT_BADGE_MS))).toBeNull();
    expect(timeLeftBadge(waiting(TIME_LEFT_BADGE_MS + 1))).toBeNull();
    expect(timeLeftBadge(waiting(TIME_LEFT_BADGE_MS - 1))).toEqual({ unit: "days", count: 2 });
  });
  it("says the largest whole unit", () => {
    expect(timeLeftBadge(waiting(DAY_MS))).toEqual({ unit: "days", count: 1 });
    expect(timeLeftBadge(waiting(DAY_MS - 1))).toEqual({ unit: "hours", count: 23 });
    expect(timeLeftBadge(waiting(HOUR_MS))).toEqual({ unit: "hours", count: 1 });
    expect(timeLeftBadge(waiting(59 * MINUTE_MS))).toEqual({ unit: "minutes", count: 59 });
    expect(timeLeftBadge(waiting(10_000))).toEqual({ unit: "minutes", count: 1 });
  });
  it("shows nothing once expired or without an expiration", () => {
    expect(timeLeftBadge(waiting(0))).toBeNull();
    expect(timeLeftBadge(waiting(-5))).toBeNull();
    expect(timeLeftBadge(waiting(null))).toBeNull();
  });
  it("shows nothing outside WAITING", () => {
    for (const status of ["PROGRESS", "COMPLETE", "DENIED"] as const) {
      expect(timeLeftBadge({ status, timeBeforeExpiration: HOUR_MS })).toBeNull();
    }
  });
});
