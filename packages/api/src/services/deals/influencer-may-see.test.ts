import { describe, expect, it } from "vitest";
import { influencerMaySee } from "./deal-search-parts";

describe("influencerMaySee", () => {
  it("lets an influencer open a live deal not rejected by the review, and nothing deleted or rejected", () => {
    const deletedAt = new Date("2026-06-01T12:00:00Z");
    expect(influencerMaySee({ deletedAt: null, reviewStatus: "NONE" })).toBe(true);
    expect(influencerMaySee({ deletedAt: null, reviewStatus: "OK" })).toBe(true);
    expect(influencerMaySee({ deletedAt: null, reviewStatus: "KO" })).toBe(false);
    expect(influencerMaySee({ deletedAt, reviewStatus: "OK" })).toBe(false);
  });
});
