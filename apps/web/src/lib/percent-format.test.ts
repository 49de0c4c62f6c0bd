import { describe, expect, it } from "vitest";
import { formatPercent } from "./percent-format";

describe("formatPercent", () => {
  it("shows percents with their decimals", () => {
    expect(formatPercent(10)).toBe("10%");
    expect(formatPercent(12.5)).toBe("12.5%");
  });
});
