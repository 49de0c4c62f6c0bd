import type { PaymentGateway } from "@market/api";
import { describe, expect, it } from "vitest";
import { loadEnv } from "./env";
import { paymentGatewayFrom } from "./payments";

const STRIPE = {
  STRIPE_SECRET_KEY: "sk_test_51AbcDEF0123456789",
  STRIPE_PUBLISHABLE_KEY: "pk_test_51AbcDEF0123456789",
  STRIPE_WEBHOOK_SECRET: "whsec_AbcDEF0123456789",
};

/** Stands for the built-in sandbox, which its own module builds. */
const sandbox = { provider: "sandbox", publicConfig: { provider: "sandbox" } } as PaymentGateway;

describe("paymentGatewayFrom", () => {
  it("chooses Stripe when its keys are set, giving the browser the publishable key only", () => {
    const gateway = paymentGatewayFrom(loadEnv(STRIPE), () => sandbox);
    expect(gateway.provider).toBe("stripe");
    expect(gateway.publicConfig).toEqual({ provider: "stripe", publishableKey: STRIPE.STRIPE_PUBLISHABLE_KEY });
  });

  it("chooses the sandbox without them", () => {
    expect(paymentGatewayFrom(loadEnv({}), () => sandbox)).toBe(sandbox);
  });
});
