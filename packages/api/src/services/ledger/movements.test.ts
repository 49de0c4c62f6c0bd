import { describe, expect, it } from "vitest";
import { movementEntries } from "./movements";

const hire = { applicationId: 7, influencerId: 3, brandCents: 11_000, influencerCents: 9_000 };
const sum = (entries: Record<string, number>) => Object.values(entries).reduce((total, cents) => total + cents, 0);

describe("movementEntries", () => {
  it("writes money.md's table: pay into escrow, release to the influencer and the fees, refund to the card", () => {
    expect(movementEntries("brandPays", hire)).toEqual({ "external:stripe": -11_000, "escrow:7": 11_000 });
    expect(movementEntries("release", hire)).toEqual({
      "escrow:7": -11_000,
      "influencer:3": 9_000,
      "platform:fees": 2_000,
    });
    expect(movementEntries("refund", hire)).toEqual({ "escrow:7": -11_000, "external:stripe": 11_000 });
  });

  it("balances every movement", () => {
    for (const movement of ["brandPays", "release", "refund"] as const)
      expect(sum(movementEntries(movement, hire))).toBe(0);
  });
});
