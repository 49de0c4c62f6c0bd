import { describe, expect, it } from "vitest";
import { paidHire } from "./receipt-link";

describe("paidHire", () => {
  it("is true for a hire under way, done, or paid and refunded", () => {
    expect(paidHire({ status: "PROGRESS", refund: null })).toBe(true);
    expect(paidHire({ status: "COMPLETE", refund: null })).toBe(true);
    expect(paidHire({ status: "DENIED", refund: { at: new Date(), amountCents: 11_000 } })).toBe(true);
  });

  it("is false for a hire never paid: waiting, declined or expired", () => {
    expect(paidHire({ status: "WAITING", refund: null })).toBe(false);
    expect(paidHire({ status: "DENIED", refund: null })).toBe(false);
  });
});
