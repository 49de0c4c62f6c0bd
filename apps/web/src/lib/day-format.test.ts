import { describe, expect, it } from "vitest";
import { formatDay } from "./day-format";

describe("formatDay", () => {
  it("dates a day in UTC, as the statements do", () => {
    expect(formatDay("2026-06-10T23:30:00.000Z")).toBe("Jun 10, 2026");
  });
});
