import { describe, expect, it } from "vitest";
import { casesSearchOf, daysHours, evidenceHref } from "./cases-query";

describe("the cases queue's URL state", () => {
  it("keeps a known kind and a party's name, trimmed", () => {
    expect(casesSearchOf({ kind: "contest", party: "  acme " })).toEqual({ kind: "contest", party: "acme" });
    expect(casesSearchOf({ kind: "arbitration" })).toEqual({ kind: "arbitration" });
  });

  it("drops what a hand-edited address got wrong instead of failing the screen", () => {
    expect(casesSearchOf({ kind: "dispute", party: "" })).toEqual({});
    expect(casesSearchOf({ party: "x".repeat(61) })).toEqual({});
    expect(casesSearchOf({ party: 12 })).toEqual({});
  });
});

describe("durations and links", () => {
  it("splits a duration into whole days and hours, never negative", () => {
    expect(daysHours(3 * 24 * 3_600_000 + 5 * 3_600_000 + 59 * 60_000)).toEqual({ days: 3, hours: 5 });
    expect(daysHours(-1)).toEqual({ days: 0, hours: 0 });
  });

  it("links the evidence pack of a case", () => {
    expect(evidenceHref(42)).toBe("/admin/api/cases/42/evidence.zip");
  });
});
