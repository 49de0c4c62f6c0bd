import { describe, expect, it } from "vitest";
import { formatSignedUsd, formatUsd } from "./money-format";

describe("formatUsd", () => {
  it("writes whole dollars with their cents too, so that every screen reads an amount alike", () => {
    expect(formatUsd(2_000)).toBe("$20.00");
    expect(formatUsd(125_000)).toBe("$1,250.00");
  });

  it("writes cents, thousands separators and zero", () => {
    expect(formatUsd(2_750)).toBe("$27.50");
    expect(formatUsd(5)).toBe("$0.05");
    expect(formatUsd(12_345_678)).toBe("$123,456.78");
    expect(formatUsd(0)).toBe("$0.00");
    expect(formatUsd(-0)).toBe("$0.00");
  });

  it("writes a negative amount with a true minus sign", () => {
    expect(formatUsd(-5_000)).toBe("−$50.00");
    expect(formatUsd(-5_000)).not.toContain("-");
  });
});

describe("formatSignedUsd", () => {
  it("signs credits and debits", () => {
    expect(formatSignedUsd(112_500, "credit")).toBe("+$1,125.00");
    expect(formatSignedUsd(5_000, "debit")).toBe("−$50.00");
    expect(formatSignedUsd(0, "credit")).toBe("+$0.00");
  });
});
