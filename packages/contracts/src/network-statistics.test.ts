import { describe, expect, it } from "vitest";
import { engagementPercent, meetsAudienceMinimum, ratingOfEngagement, sizeClassOfRank } from "./network-statistics";

describe("meetsAudienceMinimum", () => {
  it("needs more than 2,000 followers", () => {
    expect(meetsAudienceMinimum("youtube", 2_000)).toBe(false);
    expect(meetsAudienceMinimum("youtube", 2_001)).toBe(true);
    expect(meetsAudienceMinimum("instagram", 0)).toBe(false);
  });

  it("takes a Facebook page from 2,000 likes", () => {
    expect(meetsAudienceMinimum("facebook", 1_999)).toBe(false);
    expect(meetsAudienceMinimum("facebook", 2_000)).toBe(true);
  });
});

describe("engagementPercent", () => {
  it("is reactions over followers in percent, to 2 decimals", () => {
    expect(engagementPercent(48_200, 1_639)).toBe(3.4);
    expect(engagementPercent(3_000, 1)).toBe(0.03);
  });

  it("is unknown without reactions or followers", () => {
    expect(engagementPercent(5_000, null)).toBeNull();
    expect(engagementPercent(0, 10)).toBeNull();
  });
});

describe("ratingOfEngagement", () => {
  it.each([
    [0.1, 1],
    [0.8, 2],
    [1.49, 2],
    [1.5, 3],
    [3, 4],
    [5.99, 4],
    [6, 5],
    [40, 5],
  ])("rates %s %% as %s stars", (engagement, rating) => {
    expect(ratingOfEngagement(engagement)).toBe(rating);
  });

  it("is null when not measured", () => {
    expect(ratingOfEngagement(null)).toBeNull();
  });
});

describe("sizeClassOfRank", () => {
  it("makes the top 15 % big, the next 35 % medium and the rest small", () => {
    const classes = Array.from({ length: 20 }, (_, rank) => sizeClassOfRank(rank, 20));
    expect(classes.filter((c) => c === "big")).toHaveLength(3);
    expect(classes.filter((c) => c === "medium")).toHaveLength(7);
    expect(classes.filter((c) => c === "small")).toHaveLength(10);
    expect(classes[0]).toBe("big");
    expect(classes[19]).toBe("small");
  });

  it("makes the only network big", () => {
    expect(sizeClassOfRank(0, 1)).toBe("big");
    expect(sizeClassOfRank(0, 0)).toBe("big");
  });
});
