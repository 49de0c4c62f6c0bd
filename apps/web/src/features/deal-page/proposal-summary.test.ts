import { describe, expect, it } from "vitest";
import { answeredExpired, proposalTotals } from "./proposal-summary";

describe("proposalTotals", () => {
  it("sums reach and price over the lines", () => {
    expect(
      proposalTotals([
        { reach: 12_000, price: 150 },
        { reach: 3_500, price: 25 },
      ]),
    ).toEqual({ reach: 15_500, price: 175 });
  });
  it("is zero without lines", () => {
    expect(proposalTotals([])).toEqual({ reach: 0, price: 0 });
  });
});

describe("answeredExpired", () => {
  it("is true when the latest answer of this visit is expired", () => {
    expect(
      answeredExpired(
        [
          { submittedAt: 100, reason: "invalid" },
          { submittedAt: 200, reason: "expired" },
        ],
        50,
      ),
    ).toBe(true);
  });
  it("follows the latest answer only", () => {
    expect(
      answeredExpired(
        [
          { submittedAt: 200, reason: "expired" },
          { submittedAt: 300, reason: null },
        ],
        50,
      ),
    ).toBe(false);
  });
  it("ignores answers from before this visit", () => {
    expect(answeredExpired([{ submittedAt: 40, reason: "expired" }], 50)).toBe(false);
    expect(answeredExpired([], 50)).toBe(false);
  });
});
