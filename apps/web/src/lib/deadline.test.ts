import { DEADLINE_WARNING_MS, MINUTE_MS } from "@market/contracts";
import { describe, expect, it } from "vitest";
import {
  deadlineFromInput,
  defaultDeadline,
  endOfDay,
  firstSelectableDay,
  isDeadlineAhead,
  showsDeadlineWarning,
  toDateInputValue,
} from "./deadline";

const local = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m - 1, d, h, min, 0, 0);

describe("deadline rules", () => {
  it("ends a day at 23:59 local time", () => {
    const end = endOfDay(local(2026, 3, 10, 8, 30));
    expect([end.getFullYear(), end.getMonth(), end.getDate(), end.getHours(), end.getMinutes()]).toEqual([
      2026, 2, 10, 23, 59,
    ]);
    expect(end.getSeconds()).toBe(0);
  });

  it("defaults to two months ahead at 23:59", () => {
    expect(defaultDeadline(local(2026, 3, 10, 9))).toEqual(local(2026, 5, 10, 23, 59));
    // Across the year end.
    expect(defaultDeadline(local(2026, 11, 20, 9))).toEqual(local(2027, 1, 20, 23, 59));
    // A missing day falls to the month's last day.
    expect(defaultDeadline(local(2026, 12, 31, 9))).toEqual(local(2027, 2, 28, 23, 59));
  });

  it("reads and writes the date input value as a day at 23:59", () => {
    expect(toDateInputValue(local(2026, 1, 5, 23, 59))).toBe("2026-01-05");
    expect(deadlineFromInput("2026-01-05")).toEqual(local(2026, 1, 5, 23, 59));
    expect(deadlineFromInput("")).toBeNull();
    expect(deadlineFromInput("2026-02-30")).toBeNull();
    expect(deadlineFromInput("garbage")).toBeNull();
  });

  it("forbids past days: today while 23:59 is ahead, else tomorrow", () => {
    expect(toDateInputValue(firstSelectableDay(local(2026, 3, 10, 12)))).toBe("2026-03-10");
    expect(toDateInputValue(firstSelectableDay(local(2026, 3, 10, 23, 59)))).toBe("2026-03-11");
    expect(toDateInputValue(firstSelectableDay(local(2026, 12, 31, 23, 59)))).toBe("2027-01-01");
    const now = local(2026, 3, 10, 12);
    expect(isDeadlineAhead(local(2026, 3, 9, 23, 59), now)).toBe(false);
    expect(isDeadlineAhead(local(2026, 3, 10, 23, 59), now)).toBe(true);
  });

  it("warns under 345600000 ms (4 days) left", () => {
    const now = local(2026, 3, 10, 12);
    const at = (ms: number) => new Date(now.getTime() + ms);
    expect(DEADLINE_WARNING_MS).toBe(345_600_000);
    expect(showsDeadlineWarning(at(DEADLINE_WARNING_MS - 1), now)).toBe(true);
    expect(showsDeadlineWarning(at(DEADLINE_WARNING_MS), now)).toBe(false);
    expect(showsDeadlineWarning(at(MINUTE_MS), now)).toBe(true);
    expect(showsDeadlineWarning(at(0), now)).toBe(false);
    expect(showsDeadlineWarning(defaultDeadline(now), now)).toBe(false);
  });
});
