import { describe, expect, it } from "vitest";
import { formatBucketDay, formatCount, formatRate } from "./report-format";

describe("report formats", () => {
  it("writes counts, rates and days as the tables show them", () => {
    expect(formatCount(28_500)).toBe("28,500");
    expect(formatRate(1_090 / 28_500)).toBe("3.82%");
    expect(formatRate(0)).toBe("0.0%");
    expect(formatRate(null)).toBe("—");
    expect(formatBucketDay("2026-06-01")).toBe("Jun 1");
  });
});
