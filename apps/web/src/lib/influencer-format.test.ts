import { describe, expect, it } from "vitest";
import { formatCount, formatEngagement, formatFollowers, formatLocation } from "./influencer-format";

describe("formatFollowers", () => {
  it.each([
    [950, "950"],
    [2_000, "2K"],
    [12_345, "12.3K"],
    [1_234_567, "1.2M"],
    [5_000_000, "5M"],
  ])("%i -> %s", (followers, text) => {
    expect(formatFollowers(followers)).toBe(text);
  });
});

describe("formatEngagement", () => {
  it("keeps two decimals", () => {
    expect(formatEngagement(2.3456)).toBe("2.35%");
    expect(formatEngagement(3)).toBe("3.00%");
  });
});

describe("location", () => {
  it("joins what is known", () => {
    expect(formatLocation("Lyon", "fr")).toBe("Lyon, France");
    expect(formatLocation(null, "gb")).toBe("United Kingdom");
    expect(formatLocation("Austin", null)).toBe("Austin");
    expect(formatLocation(null, null)).toBeNull();
  });
});

describe("formatCount", () => {
  it("separates thousands", () => {
    expect(formatCount(1_234_567)).toBe("1,234,567");
  });
});
