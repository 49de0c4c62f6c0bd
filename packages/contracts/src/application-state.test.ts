import { describe, expect, it } from "vitest";
import { applicationState, hireMoneyState } from "./application-state";

const refund = { at: new Date("2026-01-02T00:00:00Z"), amountCents: 14_850 };

describe("applicationState", () => {
  it("reads a refunded hire as refunded, never declined", () => {
    expect(applicationState({ status: "DENIED", deniedReason: null, refund })).toBe("REFUNDED");
  });

  it("tells a lapsed proposal from a declined one", () => {
    expect(applicationState({ status: "DENIED", deniedReason: "EXPIRED", refund: null })).toBe("EXPIRED");
    expect(applicationState({ status: "DENIED", deniedReason: "PRICE_TOO_HIGH", refund: null })).toBe("DECLINED");
    expect(applicationState({ status: "DENIED", deniedReason: null, refund: null })).toBe("DECLINED");
  });

  it("reads the other statuses as they are", () => {
    for (const status of ["WAITING", "PROGRESS", "COMPLETE"] as const) {
      expect(applicationState({ status, deniedReason: null, refund: null })).toBe(status);
    }
  });
});

describe("hireMoneyState", () => {
  it("is refunded once refunded, else released or pending", () => {
    const at = new Date();
    expect(hireMoneyState({ releasedAt: null, refundedAt: at })).toBe("refunded");
    expect(hireMoneyState({ releasedAt: at, refundedAt: null })).toBe("released");
    expect(hireMoneyState({ releasedAt: null, refundedAt: null })).toBe("pending");
  });
});
