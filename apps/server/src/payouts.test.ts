import { systemClock } from "@market/api";
import { describe, expect, it } from "vitest";
import { loadEnv } from "./env";
import { payoutProvidersFrom } from "./payouts";

describe("payoutProvidersFrom", () => {
  it("puts both methods on the sandbox when nothing is configured", () => {
    const providers = payoutProvidersFrom(loadEnv({}), systemClock);
    expect([providers.transferwise.name, providers.paypal.name]).toEqual(["sandbox", "sandbox"]);
  });

  it("takes Wise and PayPal each from its pair of settings", () => {
    const providers = payoutProvidersFrom(
      loadEnv({
        WISE_API_TOKEN: "wise-token-0123456789",
        WISE_PROFILE_ID: "161",
        PAYPAL_CLIENT_ID: "client-id-0123",
        PAYPAL_CLIENT_SECRET: "client-secret-0123",
      }),
      systemClock,
    );
    expect([providers.transferwise.name, providers.paypal.name]).toEqual(["wise", "paypal"]);
    const wiseOnly = payoutProvidersFrom(
      loadEnv({ WISE_API_TOKEN: "wise-token-0123456789", WISE_PROFILE_ID: "161" }),
      systemClock,
    );
    expect([wiseOnly.transferwise.name, wiseOnly.paypal.name]).toEqual(["wise", "sandbox"]);
  });

  it("refuses half a provider's settings", () => {
    expect(() => loadEnv({ WISE_API_TOKEN: "wise-token-0123456789" })).toThrow(
      /WISE_PROFILE_ID: must be set with WISE_API_TOKEN/,
    );
    expect(() => loadEnv({ PAYPAL_CLIENT_SECRET: "client-secret-0123" })).toThrow(/PAYPAL_CLIENT_ID/);
  });
});
