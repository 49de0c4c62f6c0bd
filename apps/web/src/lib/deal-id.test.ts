import { MAX_ROW_ID } from "@market/contracts";
import { describe, expect, it } from "vitest";
import { parseDealId } from "./deal-id";

describe("parseDealId", () => {
  it("accepts a positive whole number", () => {
    expect(parseDealId("1")).toBe(1);
    expect(parseDealId(String(MAX_ROW_ID))).toBe(MAX_ROW_ID);
  });
  it("rejects anything else", () => {
    for (const raw of ["0", "-1", "01", "1.5", "abc", "", String(MAX_ROW_ID + 1), "99999999999", "1e3"]) {
      expect(parseDealId(raw)).toBeNull();
    }
  });
});
