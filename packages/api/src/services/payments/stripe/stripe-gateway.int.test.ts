import Stripe from "stripe";
import { beforeEach, describe, expect, it } from "vitest";
import { mswServer } from "../../../../../../scripts/test-setup/msw";
import {
  STRIPE_TEST_PAYMENT_METHODS as CARDS,
  type FakeStripe,
  fakeStripe,
  STRIPE_TEST_KEYS,
} from "../../../testing/msw/stripe-handlers";
import { type ChargeRequest, PaymentUnavailableError } from "../gateway";
import { createStripeGateway } from "./stripe-gateway";

/** The Stripe adapter against msw handlers shaped like Stripe's HTTP API (testing/msw/stripe-handlers.ts). */

let stripe: FakeStripe;
const gateway = createStripeGateway(STRIPE_TEST_KEYS);

beforeEach(() => {
  stripe = fakeStripe();
  mswServer.use(...stripe.handlers);
});

function chargeOf(overrides: Partial<ChargeRequest> = {}): ChargeRequest {
  return {
    amountCents: 11_000,
    idempotencyKey: "application-41-attempt-1",
    source: { kind: "token", token: stripe.paymentMethodFromBrowser("succeeds") },
    save: null,
    description: "Hire of @lena for Summer launch",
    metadata: { applicationId: "41", attempt: "1" },
    ...overrides,
  };
}

describe("the Stripe gateway", () => {
  it("answers the publishable key for the browser and never the secret one", () => {
    expect(gateway.provider).toBe("stripe");
    expect(gateway.publicConfig).toEqual({ provider: "stripe", publishableKey: STRIPE_TEST_KEYS.publishableKey });
    expect(JSON.stringify(gateway.publicConfig)).not.toContain(STRIPE_TEST_KEYS.secretKey);
  });

  it("creates and confirms a card PaymentIntent in dollars under the caller's idempotency key", async () => {
    const outcome = await gateway.charge(chargeOf());

    expect(outcome).toEqual({
      status: "succeeded",
      intentId: expect.stringMatching(/^pi_/),
      amountCents: 11_000,
      saved: null,
    });
    const intent = stripe.intent(outcome.intentId ?? "");
    expect(intent).toMatchObject({
      status: "succeeded",
      amount: 11_000,
      currency: "usd",
      allowed_payment_method_types: ["card"],
      description: "Hire of @lena for Summer launch",
      metadata: { applicationId: "41", attempt: "1" },
      customer: null,
      setup_future_usage: null,
    });
    expect(stripe.requests()).toEqual([
      expect.objectContaining({
        method: "POST",
        path: "/v1/payment_intents",
        idempotencyKey: "application-41-attempt-1",
      }),
    ]);
    expect(stripe.succeededPayments()).toBe(1);
  });

  it("answers requires_action with the client secret, then reads the authenticated intent as succeeded", async () => {
    const outcome = await gateway.charge(chargeOf({ source: { kind: "token", token: CARDS.requiresAuthentication } }));

    if (outcome.status !== "requires_action") throw new Error(`expected requires_action, got ${outcome.status}`);
    expect(outcome.clientSecret).toBe(stripe.intent(outcome.intentId)?.client_secret);
    expect(outcome.clientSecret).toMatch(new RegExp(`^${outcome.intentId}_secret_`));
    expect(await gateway.retrieve(outcome.intentId)).toEqual(outcome);
    expect(stripe.succeededPayments()).toBe(0);

    stripe.completeAuthentication(outcome.intentId, "approve");
    expect(await gateway.retrieve(outcome.intentId)).toEqual({
      status: "succeeded",
      intentId: outcome.intentId,
      amountCents: 11_000,
      saved: null,
    });
    expect(stripe.succeededPayments()).toBe(1);
  });

  it("confirms with use_stripe_sdk, so that the 3-D Secure step is a next action Stripe.js's handleNextAction runs", async () => {
    const outcome = await gateway.charge(chargeOf({ source: { kind: "token", token: CARDS.requiresAuthentication } }));

    expect(stripe.intent(outcome.intentId ?? "")?.next_action).toMatchObject({ type: "use_stripe_sdk" });
  });

  it("reads an intent Stripe is still processing as processing (not paid, not an error), then as Stripe settles it", async () => {
    stripe.holdInProcessing();
    const outcome = await gateway.charge(chargeOf());

    expect(outcome).toEqual({ status: "processing", intentId: expect.stringMatching(/^pi_/) });
    const intentId = outcome.intentId ?? "";
    expect(await gateway.retrieve(intentId)).toEqual(outcome);
    expect(stripe.succeededPayments()).toBe(0);

    stripe.settleProcessing(intentId, "succeed");
    expect(await gateway.retrieve(intentId)).toEqual({
      status: "succeeded",
      intentId,
      amountCents: 11_000,
      saved: null,
    });
  });

  it("reads a failed authentication step as failed with authentication_failed and Stripe's message", async () => {
    const outcome = await gateway.charge(chargeOf({ source: { kind: "token", token: CARDS.requiresAuthentication } }));
    stripe.completeAuthentication(outcome.intentId ?? "", "fail");

    expect(await gateway.retrieve(outcome.intentId ?? "")).toEqual({
      status: "failed",
      intentId: outcome.intentId,
      code: "authentication_failed",
      message:
        "We are unable to authenticate your payment method. Please choose a different payment method and try again.",
    });
    expect(stripe.succeededPayments()).toBe(0);
  });

  it.each([
    ["declined", "card_declined", "Your card was declined."],
    ["insufficientFunds", "card_declined", "Your card has insufficient funds."],
    ["expired", "expired_card", "Your card has expired."],
    ["incorrectCvc", "incorrect_cvc", "Your card's security code is incorrect."],
  ] as const)("answers the %s test card as failed with Stripe's code and message", async (card, code, message) => {
    const outcome = await gateway.charge(chargeOf({ source: { kind: "token", token: CARDS[card] } }));

    expect(outcome).toEqual({ status: "failed", intentId: expect.stringMatching(/^pi_/), code, message });
    expect(stripe.intent(outcome.intentId ?? "")?.status).toBe("requires_payment_method");
    expect(stripe.succeededPayments()).toBe(0);
  });

  it("saves a new card: a customer for the user, the card attached by setup_future_usage", async () => {
    const outcome = await gateway.charge(chargeOf({ save: { userId: 7, email: "brand@example.com" } }));

    if (outcome.status !== "succeeded") throw new Error(`expected succeeded, got ${outcome.status}`);
    expect(outcome.saved).toEqual({
      customerId: expect.stringMatching(/^cus_/),
      paymentMethodId: expect.stringMatching(/^pm_/),
      card: { brand: "visa", last4: "4242", expMonth: 12, expYear: 2034 },
    });
    const customerId = outcome.saved?.customerId ?? "";
    expect(stripe.customer(customerId)).toEqual({
      id: customerId,
      email: "brand@example.com",
      metadata: { userId: "7" },
    });
    expect(stripe.intent(outcome.intentId)).toMatchObject({
      customer: customerId,
      payment_method: outcome.saved?.paymentMethodId,
      setup_future_usage: "on_session",
    });
    // The customer is created under a key derived from the charge's, so a retried checkout finds the same one.
    expect(stripe.requests().map((request) => request.idempotencyKey)).toContain("application-41-attempt-1:customer");
  });

  it("answers the saved card after the authentication step of a checkout that asked to save it", async () => {
    const outcome = await gateway.charge(
      chargeOf({
        source: { kind: "token", token: stripe.paymentMethodFromBrowser("requiresAuthentication") },
        save: { userId: 7, email: "brand@example.com" },
      }),
    );
    stripe.completeAuthentication(outcome.intentId ?? "", "approve");

    const retrieved = await gateway.retrieve(outcome.intentId ?? "");
    expect(retrieved).toMatchObject({
      status: "succeeded",
      saved: { card: { last4: "3184" }, customerId: expect.stringMatching(/^cus_/) },
    });
  });

  it("charges a saved card through its customer and payment method, saving nothing again", async () => {
    const first = await gateway.charge(chargeOf({ save: { userId: 7, email: "brand@example.com" } }));
    const saved = first.status === "succeeded" ? first.saved : null;
    if (!saved) throw new Error("the card was not saved");

    const outcome = await gateway.charge(
      chargeOf({
        idempotencyKey: "application-42-attempt-1",
        amountCents: 5_500,
        source: { kind: "saved", customerId: saved.customerId, paymentMethodId: saved.paymentMethodId },
        save: { userId: 7, email: "brand@example.com" },
      }),
    );

    expect(outcome).toEqual({
      status: "succeeded",
      intentId: expect.stringMatching(/^pi_/),
      amountCents: 5_500,
      saved: null,
    });
    expect(stripe.intent(outcome.intentId ?? "")).toMatchObject({
      customer: saved.customerId,
      payment_method: saved.paymentMethodId,
      setup_future_usage: null,
    });
    expect(stripe.requests().filter((request) => request.path === "/v1/customers")).toHaveLength(1);
    expect(stripe.succeededPayments()).toBe(2);
  });

  it("charges once when the same checkout is sent again with its idempotency key", async () => {
    const request = chargeOf({ save: { userId: 7, email: "brand@example.com" } });
    const first = await gateway.charge(request);
    const again = await gateway.charge(request);

    expect(again).toEqual(first);
    expect(stripe.succeededPayments()).toBe(1);
    const intentRequests = stripe.requests().filter((sent) => sent.path === "/v1/payment_intents");
    expect(intentRequests.map((sent) => sent.replayed)).toEqual([false, true]);
  });

  it("charges once when Stripe's answer is lost on the way back and the SDK retries", async () => {
    stripe.dropAnswers(1);

    const outcome = await gateway.charge(chargeOf());

    expect(outcome.status).toBe("succeeded");
    expect(stripe.succeededPayments()).toBe(1);
    expect(stripe.requests().map((sent) => [sent.idempotencyKey, sent.replayed])).toEqual([
      ["application-41-attempt-1", false],
      ["application-41-attempt-1", true],
    ]);
  });

  it("replays a declined answer for a retried key rather than trying the card again", async () => {
    const request = chargeOf({ source: { kind: "token", token: CARDS.declined } });
    const first = await gateway.charge(request);

    expect(await gateway.charge(request)).toEqual(first);
    expect(stripe.requests().filter((sent) => sent.replayed)).toHaveLength(1);
  });

  it("refunds a succeeded intent in full under the caller's idempotency key, once", async () => {
    const outcome = await gateway.charge(chargeOf());
    const intentId = outcome.intentId ?? "";

    const refund = await gateway.refund({ intentId, amountCents: 11_000, idempotencyKey: "refund-41" });
    expect(await gateway.refund({ intentId, amountCents: 11_000, idempotencyKey: "refund-41" })).toEqual(refund);

    expect(refund.refundId).toMatch(/^re_/);
    expect(stripe.refunds()).toEqual([
      expect.objectContaining({ id: refund.refundId, amount: 11_000, payment_intent: intentId, status: "succeeded" }),
    ]);
    await expect(gateway.refund({ intentId, amountCents: 11_000, idempotencyKey: "refund-41-b" })).rejects.toThrow(
      /has already been refunded/,
    );
  });

  it("throws Stripe's errors other than a card's (the service answers them generically)", async () => {
    await expect(gateway.charge(chargeOf({ source: { kind: "token", token: "pm_unknown" } }))).rejects.toBeInstanceOf(
      Stripe.errors.StripeInvalidRequestError,
    );
    await expect(gateway.retrieve("pi_unknown")).rejects.toThrow(/No such payment_intent/);
    const wrongKey = createStripeGateway({ ...STRIPE_TEST_KEYS, secretKey: "sk_test_revoked" });
    await expect(wrongKey.charge(chargeOf())).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(stripe.succeededPayments()).toBe(0);
  });

  it.each(["server_error", "network"] as const)(
    "throws PaymentUnavailableError while Stripe is out of reach (%s), after the SDK's retries under the same key",
    async (kind) => {
      stripe.outage(kind);

      await expect(gateway.charge(chargeOf())).rejects.toBeInstanceOf(PaymentUnavailableError);
      await expect(gateway.retrieve("pi_any")).rejects.toBeInstanceOf(PaymentUnavailableError);
      await expect(
        gateway.refund({ intentId: "pi_any", amountCents: 11_000, idempotencyKey: "refund-41" }),
      ).rejects.toBeInstanceOf(PaymentUnavailableError);

      const creates = stripe.requests().filter((sent) => sent.path === "/v1/payment_intents");
      expect(creates.map((sent) => sent.idempotencyKey)).toEqual(Array(3).fill("application-41-attempt-1"));
      expect(stripe.succeededPayments()).toBe(0);
      // Once Stripe is back, the same charge goes through, once.
      stripe.outage(null);
      expect(await gateway.charge(chargeOf())).toMatchObject({ status: "succeeded", amountCents: 11_000 });
      expect(stripe.succeededPayments()).toBe(1);
    },
  );

  it("reads the webhooks Stripe sends about an intent it charged", async () => {
    const paid = await gateway.charge(chargeOf());
    const declined = await gateway.charge(
      chargeOf({ idempotencyKey: "application-41-attempt-2", source: { kind: "token", token: CARDS.declined } }),
    );
    const now = new Date();

    const succeeded = stripe.webhook("payment_intent.succeeded", paid.intentId ?? "", { at: now });
    expect(gateway.parseWebhook(succeeded.body, succeeded.signature, now)).toEqual({
      id: succeeded.eventId,
      type: "payment_succeeded",
      intentId: paid.intentId,
      amountCents: 11_000,
      metadata: { applicationId: "41", attempt: "1" },
    });
    const failed = stripe.webhook("payment_intent.payment_failed", declined.intentId ?? "", { at: now });
    expect(gateway.parseWebhook(failed.body, failed.signature, now)).toEqual({
      id: failed.eventId,
      type: "payment_failed",
      intentId: declined.intentId,
      code: "card_declined",
      message: "Your card was declined.",
      metadata: { applicationId: "41", attempt: "1" },
    });
  });
});
