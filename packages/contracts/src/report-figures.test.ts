import { describe, expect, it } from "vitest";
import { bucketStart, bucketStarts, reportBucketFor, reportFigures, splitCents } from "./report-figures";
import { reportPeriodInput, reportPeriodOf } from "./reports";

describe("splitCents", () => {
  it("splits by weight in whole cents that add up to the total", () => {
    expect(splitCents(44_000, [10_000, 30_000])).toEqual([11_000, 33_000]);
    expect(splitCents(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(splitCents(101, [1, 2])).toEqual([34, 67]);
    expect(splitCents(-5, [1, 1]).reduce((a, b) => a + b, 0)).toBe(-5);
  });

  it("gives everything to the first part when no weight counts", () => {
    expect(splitCents(10, [0, 0])).toEqual([10, 0]);
    expect(splitCents(10, [])).toEqual([]);
  });
});

describe("reportFigures", () => {
  const sums = {
    hires: 2,
    posts: 2,
    paidCents: 11_000,
    feesCents: 1_000,
    refundedCents: 1_000,
    views: 0,
    likes: 0,
    comments: 0,
  };

  it("leaves the ratios empty without views or engagements", () => {
    expect(reportFigures(sums)).toMatchObject({
      spendCents: 10_000,
      engagements: 0,
      engagementRate: null,
      costPerEngagementCents: null,
      costPerThousandViewsCents: null,
    });
  });

  it("rounds the costs to the cent", () => {
    const figures = reportFigures({ ...sums, views: 3_000, likes: 200, comments: 100 });
    expect(figures.engagementRate).toBeCloseTo(0.1);
    expect(figures.costPerEngagementCents).toBe(33);
    expect(figures.costPerThousandViewsCents).toBe(3_333);
  });
});

describe("buckets", () => {
  it("counts by day up to 62 days, else by week from Monday", () => {
    const start = new Date("2026-01-01T00:00:00Z");
    expect(reportBucketFor(start, new Date("2026-03-04T00:00:00Z"))).toBe("day");
    expect(reportBucketFor(start, new Date("2026-03-05T00:00:00Z"))).toBe("week");
    expect(bucketStart(new Date("2026-01-01T15:00:00Z"), "week").toISOString()).toBe("2025-12-29T00:00:00.000Z");
    expect(bucketStart(new Date("2026-01-04T23:59:59Z"), "week").toISOString()).toBe("2025-12-29T00:00:00.000Z");
    expect(bucketStart(new Date("2026-01-05T00:00:00Z"), "week").toISOString()).toBe("2026-01-05T00:00:00.000Z");
    expect(bucketStarts(start, new Date("2026-01-03T12:00:00Z"), "day")).toHaveLength(3);
  });
});

describe("the period", () => {
  it("takes both days included, the last 30 days by default", () => {
    const now = new Date("2026-06-10T09:30:00Z");
    const named = reportPeriodOf(reportPeriodInput.parse({ from: "2026-06-01", to: "2026-06-01" }), now);
    expect(named.end.getTime() - named.start.getTime()).toBe(24 * 3600 * 1000);
    expect(reportPeriodOf({}, now)).toMatchObject({ from: "2026-05-12", to: "2026-06-10" });
  });

  it("refuses half a period, a backward one, one over a year and days that do not exist", () => {
    for (const input of [
      { from: "2026-06-01" },
      { from: "2026-06-02", to: "2026-06-01" },
      { from: "2025-06-01", to: "2026-06-10" },
      { from: "2026-02-29", to: "2026-03-01" },
    ]) {
      expect(reportPeriodInput.safeParse(input).success).toBe(false);
    }
  });
});
