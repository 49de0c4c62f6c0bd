import { describe, expect, it } from "vitest";
import { reviewDecisions } from "./review-decisions";

describe("reviewDecisions", () => {
  it("allows approve from NONE or KO and reject from NONE or OK", () => {
    expect(reviewDecisions("NONE")).toEqual({ OK: true, KO: true });
    expect(reviewDecisions("OK")).toEqual({ OK: false, KO: true });
    expect(reviewDecisions("KO")).toEqual({ OK: true, KO: false });
  });
});
