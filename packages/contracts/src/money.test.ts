import { describe, expect, it } from "vitest";
import { DEFAULT_FEE_PERCENT } from "./constants";
import { brandTotalCents, influencerNetCents } from "./money";

describe("brandTotalCents", () => {
  it("adds the brand fee to whole-dollar prices exactly", () => {
    expect(brandTotalCents(10_000, DEFAULT_FEE_PERCENT)).toBe(11_000);
    expect(brandTotalCents(2_500, DEFAULT_FEE_PERCENT)).toBe(2_750);
  });

  it("rounds half up to the cent", () => {
    // 1005 * 1.1 = 1105.5 -> 1106; 1004 * 1.1 = 1104.4 -> 1104
    expect(brandTotalCents(1_005, 10)).toBe(1_106);
    expect(brandTotalCents(1_004, 10)).toBe(1_104);
  });

  it("keeps fractional fee percents exact", () => {
    // 333 * 1.125 = 374.625 -> 375; a float product would give 374.62499...
    expect(brandTotalCents(333, 12.5)).toBe(375);
    expect(brandTotalCents(100, 0.01)).toBe(100);
  });

  it("handles zero fee and zero price", () => {
    expect(brandTotalCents(4_321, 0)).toBe(4_321);
    expect(brandTotalCents(0, 10)).toBe(0);
  });

  it("rejects fractional cents, negative prices and out-of-range fees", () => {
    expect(() => brandTotalCents(10.5, 10)).toThrow(RangeError);
    expect(() => brandTotalCents(-100, 10)).toThrow(RangeError);
    expect(() => brandTotalCents(100, 101)).toThrow(RangeError);
    expect(() => brandTotalCents(100, -1)).toThrow(RangeError);
    expect(() => brandTotalCents(100, 10.001)).toThrow(RangeError);
  });
});

describe("influencerNetCents", () => {
  it("takes the influencer fee off the price", () => {
    expect(influencerNetCents(10_000, DEFAULT_FEE_PERCENT)).toBe(9_000);
    expect(influencerNetCents(2_500, DEFAULT_FEE_PERCENT)).toBe(2_250);
  });

  it("rounds half up to the cent", () => {
    // 1005 * 0.9 = 904.5 -> 905; 1006 * 0.9 = 905.4 -> 905
    expect(influencerNetCents(1_005, 10)).toBe(905);
    expect(influencerNetCents(1_006, 10)).toBe(905);
    expect(influencerNetCents(333, 12.5)).toBe(291);
  });

  it("pays nothing at a 100 % fee and everything at 0 %", () => {
    expect(influencerNetCents(5_000, 100)).toBe(0);
    expect(influencerNetCents(5_000, 0)).toBe(5_000);
  });

  it("leaves the platform a non-negative share", () => {
    for (const price of [2_500, 2_501, 9_999, 123_457]) {
      for (const fee of [0, 2.5, 10, 12.75, 33.33]) {
        expect(brandTotalCents(price, fee) - influencerNetCents(price, fee)).toBeGreaterThanOrEqual(0);
      }
    }
  });
});
