import { describe, expect, it } from "vitest";
import { dashboardInputOf, dashboardSearchOf } from "./dashboard-query";

describe("the dashboard's period in the URL", () => {
  it("keeps a preset or a valid custom period, and drops anything else", () => {
    expect(dashboardSearchOf({ days: "7" })).toEqual({ days: 7 });
    expect(dashboardSearchOf({ days: 90 })).toEqual({ days: 90 });
    expect(dashboardSearchOf({ days: "12" })).toEqual({});
    expect(dashboardSearchOf({ from: "2026-05-01", to: "2026-05-31" })).toEqual({
      from: "2026-05-01",
      to: "2026-05-31",
    });
    expect(dashboardSearchOf({ from: "2026-05-31", to: "2026-05-01" })).toEqual({});
    expect(dashboardSearchOf({ from: "2024-01-01", to: "2026-01-01" })).toEqual({});
    expect(dashboardSearchOf({ from: "2026-05-01" })).toEqual({});
  });

  it("asks the last 30 days by default, and a custom period's last day whole", () => {
    expect(dashboardInputOf({})).toEqual({ days: 30 });
    expect(dashboardInputOf({ from: "2026-05-01", to: "2026-05-31" })).toEqual({
      from: new Date("2026-05-01T00:00:00Z"),
      to: new Date("2026-06-01T00:00:00Z"),
    });
  });
});
