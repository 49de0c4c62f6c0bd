import { MAX_ROW_ID } from "@market/contracts";
import { describe, expect, it } from "vitest";
import { parseCampaignId, reviewDecisions } from "./review";

describe("reviewDecisions", () => {
  it("allows approve from NONE or KO and reject from NONE or OK", () => {
    expect(reviewDecisions("NONE")).toEqual({ OK: true, KO: true });
    expect(reviewDecisions("OK")).toEqual({ OK: false, KO: true });
    expect(reviewDecisions("KO")).toEqual({ OK: true, KO: false });
  });
});

describe("parseCampaignId", () => {
  it("accepts a positive whole number", () => {
    expect(parseCampaignId("1")).toBe(1);
    expect(parseCampaignId(String(MAX_ROW_ID))).toBe(MAX_ROW_ID);
  });
  it("rejects anything else", () => {
    for (const raw of ["0", "-1", "01", "1.5", "abc", "", String(MAX_ROW_ID + 1), "99999999999", "1e3"]) {
      expect(parseCampaignId(raw)).toBeNull();
    }
  });
});
