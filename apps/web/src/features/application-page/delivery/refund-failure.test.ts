import { TRPCClientError } from "@trpc/client";
import { describe, expect, it } from "vitest";
import { refundFailureKey } from "./refund-failure";

const refused = (reason: string) =>
  Object.assign(new TRPCClientError(reason), { data: { reason } }) as TRPCClientError<never>;

describe("the admin's refund failure", () => {
  it("tells a refusal by the provider from the provider out of reach", () => {
    expect(refundFailureKey(refused("payment_failed"))).toBe("ADMIN_APPLICATION.REFUND_FAILED");
    expect(refundFailureKey(refused("payment_unavailable"))).toBe("ADMIN_APPLICATION.REFUND_UNAVAILABLE");
  });

  it("reads the lifecycle's refusals as on any action, and anything else as the generic failure", () => {
    expect(refundFailureKey(refused("closed"))).toBe("APPLICATION.ERROR_CLOSED");
    expect(refundFailureKey(new Error("Failed to fetch"))).toBe("GLOBAL.GENERIC_ERROR");
  });
});
