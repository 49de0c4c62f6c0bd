import { describe, expect, it } from "vitest";
import { validateReportSearch } from "./report-search";

describe("validateReportSearch", () => {
  it("keeps a whole period and drops anything else", () => {
    expect(validateReportSearch({ from: "2026-06-01", to: "2026-06-30" })).toEqual({
      from: "2026-06-01",
      to: "2026-06-30",
    });
    expect(validateReportSearch({ from: "2026-06-01" })).toEqual({});
    expect(validateReportSearch({ from: "2026-06-30", to: "2026-06-01" })).toEqual({});
    expect(validateReportSearch({ from: 3, to: "x" })).toEqual({});
  });
});
