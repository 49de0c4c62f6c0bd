import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isoInstant } from "./iso-instant";

describe("isoInstant", () => {
  it("writes what toISOString writes, for any valid Date", () => {
    fc.assert(
      fc.property(fc.date({ noInvalidDate: true }), (date) => {
        expect(isoInstant(date)).toBe(date.toISOString());
      }),
      { numRuns: 5_000 },
    );
  });

  it("writes what toISOString writes for the years it writes itself (1000 to 9999)", () => {
    const range = { min: new Date("1000-01-01T00:00:00.000Z"), max: new Date("9999-12-31T23:59:59.999Z") };
    fc.assert(
      fc.property(fc.date({ ...range, noInvalidDate: true }), (date) => {
        expect(isoInstant(date)).toBe(date.toISOString());
      }),
      { numRuns: 20_000 },
    );
  });

  it("writes what toISOString writes for many instants of a few days, as an answer's are (the days it keeps)", () => {
    const week = { min: new Date("2026-11-28T00:00:00.000Z"), max: new Date("2026-12-04T23:59:59.999Z") };
    fc.assert(
      fc.property(fc.array(fc.date({ ...week, noInvalidDate: true }), { minLength: 1, maxLength: 50 }), (dates) => {
        for (const date of dates) expect(isoInstant(date)).toBe(date.toISOString());
      }),
      { numRuns: 500 },
    );
  });

  it("writes what toISOString writes around the years and fields it pads", () => {
    const instants = [
      "0999-12-31T23:59:59.999Z",
      "1000-01-01T00:00:00.000Z",
      "1970-01-01T00:00:00.000Z",
      "2026-02-03T04:05:06.007Z",
      "2026-11-30T19:09:09.090Z",
      "9999-12-31T23:59:59.999Z",
      "+010000-01-01T00:00:00.000Z",
      "-000001-06-15T12:30:00.500Z",
    ];
    for (const text of instants) {
      const date = new Date(text);
      expect(isoInstant(date)).toBe(date.toISOString());
      expect(isoInstant(date)).toBe(text);
    }
  });

  it("throws on an invalid Date as toISOString does", () => {
    expect(() => isoInstant(new Date(Number.NaN))).toThrow(RangeError);
  });
});
