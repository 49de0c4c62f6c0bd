import { describe, expect, it } from "vitest";
import { releaseTime, sharePercent } from "./brand-reliability-format";

describe("releaseTime", () => {
  it("says hours under two days, days to one decimal from there, and under an hour below one", () => {
    expect(releaseTime(0.4)).toEqual({ key: "BRAND_PROFILE.TIME.UNDER_HOUR", count: 1 });
    expect(releaseTime(5.4)).toEqual({ key: "BRAND_PROFILE.TIME.HOURS", count: 5 });
    expect(releaseTime(47.6)).toEqual({ key: "BRAND_PROFILE.TIME.HOURS", count: 48 });
    expect(releaseTime(48)).toEqual({ key: "BRAND_PROFILE.TIME.DAYS", count: 2 });
    expect(releaseTime(61)).toEqual({ key: "BRAND_PROFILE.TIME.DAYS", count: 2.5 });
  });
});

describe("sharePercent", () => {
  it("rounds to a whole percent and keeps a tiny share visible", () => {
    expect(sharePercent(0)).toBe("0%");
    expect(sharePercent(1 / 6)).toBe("17%");
    expect(sharePercent(1)).toBe("100%");
    expect(sharePercent(0.001)).toBe("<1%");
  });
});
