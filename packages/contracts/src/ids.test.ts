import { describe, expect, it } from "vitest";
import { bodyRowId, MAX_ROW_ID, rowId } from "./ids";

describe("rowId", () => {
  it("reads a positive integer from a number or a string of digits", () => {
    expect(rowId.parse(12)).toBe(12);
    expect(rowId.parse("12")).toBe(12);
    expect(rowId.parse(String(MAX_ROW_ID))).toBe(MAX_ROW_ID);
  });

  it("refuses what coercion alone would have turned into an id", () => {
    for (const value of [[5], true, "0x10", "1e3", " 12", "012", "1.0", "", null, {}, 0, "0", -1, 1.5, MAX_ROW_ID + 1])
      expect(rowId.safeParse(value).success, JSON.stringify(value)).toBe(false);
  });
});

describe("bodyRowId", () => {
  it("reads a JSON number only: a body carries no digits as text", () => {
    expect(bodyRowId.parse(12)).toBe(12);
    expect(bodyRowId.parse(MAX_ROW_ID)).toBe(MAX_ROW_ID);
    for (const value of ["12", [5], true, null, 0, -1, 1.5, MAX_ROW_ID + 1])
      expect(bodyRowId.safeParse(value).success, JSON.stringify(value)).toBe(false);
  });
});
