import { describe, expect, it } from "vitest";
import { formatDay, formatSigned, formatUsd } from "./money-table";

describe("money tables", () => {
  it("show dollars with cents and thousands separators", () => {
    expect(formatUsd(112_500)).toBe("$1,125.00");
    expect(formatUsd(5)).toBe("$0.05");
    expect(formatUsd(0)).toBe("$0.00");
  });
  it("sign credits and debits", () => {
    expect(formatSigned(2_000, "debit")).toBe("−$20.00");
    expect(formatSigned(4_025_350, "credit")).toBe("+$40,253.50");
  });
  it("date a day in UTC, as the statements do", () => {
    expect(formatDay("2026-06-10T23:30:00.000Z")).toBe("Jun 10, 2026");
  });
});
