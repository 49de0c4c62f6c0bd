import { MAX_ROW_ID } from "@market/contracts";
import { describe, expect, it } from "vitest";
import { parsePathId } from "./path-id";

describe("parsePathId", () => {
  it("accepts a positive whole number", () => {
    expect(parsePathId("1")).toBe(1);
    expect(parsePathId(String(MAX_ROW_ID))).toBe(MAX_ROW_ID);
  });
  it("rejects anything else", () => {
    for (const raw of ["0", "-1", "01", "1.5", "abc", "", String(MAX_ROW_ID + 1), "99999999999", "1e3"]) {
      expect(parsePathId(raw)).toBeNull();
    }
  });
});
