import { describe, expect, it } from "vitest";
import { formatCents, formatPercent } from "./money-format";

describe("money format", () => {
  it("shows whole dollars without cents and fees with them", () => {
    expect(formatCents(127_500)).toBe("$1,275");
    expect(formatCents(2_750)).toBe("$27.50");
    expect(formatCents(0)).toBe("$0");
  });

  it("shows percents with their decimals", () => {
    expect(formatPercent(10)).toBe("10%");
    expect(formatPercent(12.5)).toBe("12.5%");
  });
});
