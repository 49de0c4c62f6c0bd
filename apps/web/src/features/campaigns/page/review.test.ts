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
    expect(parseCampaignId("2147483647")).toBe(2_147_483_647);
  });
  it("rejects anything else", () => {
    for (const raw of ["0", "-1", "01", "1.5", "abc", "", "2147483648", "99999999999", "1e3"]) {
      expect(parseCampaignId(raw)).toBeNull();
    }
  });
});
