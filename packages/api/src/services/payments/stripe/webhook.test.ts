import { describe, expect, it } from "vitest";
import { STRIPE_TEST_KEYS } from "../../../testing/msw/stripe-handlers";
import { signStripeWebhook, stripeEventBody } from "../../../testing/msw/stripe-webhooks";
import { WebhookSignatureError } from "../gateway";
import { createStripeGateway } from "./stripe-gateway";

/** Webhook verification needs no HTTP: the body and its Stripe-Signature header, read against a given clock. */

const gateway = createStripeGateway(STRIPE_TEST_KEYS);
const NOW = new Date("2026-11-20T10:00:00Z");
const seconds = (count: number) => new Date(NOW.getTime() + count * 1000);

const intent = {
  id: "pi_3AbcDefGhiJklMnoPqrStuVw",
  object: "payment_intent",
  amount: 11_000,
  amount_received: 11_000,
  currency: "usd",
  status: "succeeded",
  last_payment_error: null,
  metadata: { applicationId: "7", attempt: "2" },
};
const succeededBody = stripeEventBody({
  id: "evt_1Succeeded",
  type: "payment_intent.succeeded",
  object: intent,
  at: NOW,
});

function deliver(body: string, signedAt: Date, secret: string = STRIPE_TEST_KEYS.webhookSecret) {
  return { body, signature: signStripeWebhook(body, secret, signedAt) };
}

describe("the Stripe webhook", () => {
  it("reads a signed payment_intent.succeeded as a succeeded payment", () => {
    const { body, signature } = deliver(succeededBody, NOW);
    expect(gateway.parseWebhook(body, signature, NOW)).toEqual({
      id: "evt_1Succeeded",
      type: "payment_succeeded",
      intentId: intent.id,
      amountCents: 11_000,
      metadata: { applicationId: "7", attempt: "2" },
    });
  });

  it("reads the same delivery again the same way: telling a replay apart is the event id's job", () => {
    const { body, signature } = deliver(succeededBody, NOW);
    const first = gateway.parseWebhook(body, signature, NOW);
    expect(gateway.parseWebhook(body, signature, seconds(60))).toEqual(first);
  });

  it("reads payment_intent.payment_failed with Stripe's code and message; a failed 3-D Secure as authentication_failed", () => {
    const declined = stripeEventBody({
      id: "evt_1Declined",
      type: "payment_intent.payment_failed",
      object: {
        ...intent,
        status: "requires_payment_method",
        amount_received: 0,
        last_payment_error: { type: "card_error", code: "card_declined", message: "Your card was declined." },
      },
      at: NOW,
    });
    const unauthenticated = stripeEventBody({
      id: "evt_1Unauthenticated",
      type: "payment_intent.payment_failed",
      object: {
        ...intent,
        status: "requires_payment_method",
        last_payment_error: { code: "payment_intent_authentication_failure", message: "We are unable to authenticate" },
      },
      at: NOW,
    });

    const a = deliver(declined, NOW);
    expect(gateway.parseWebhook(a.body, a.signature, NOW)).toEqual({
      id: "evt_1Declined",
      type: "payment_failed",
      intentId: intent.id,
      code: "card_declined",
      message: "Your card was declined.",
      metadata: { applicationId: "7", attempt: "2" },
    });
    const b = deliver(unauthenticated, NOW);
    expect(gateway.parseWebhook(b.body, b.signature, NOW)).toMatchObject({
      type: "payment_failed",
      code: "authentication_failed",
      message: "We are unable to authenticate",
    });
  });

  it("reads an intent without our metadata (not a checkout charge) with metadata null", () => {
    for (const metadata of [
      {},
      { applicationId: "7" },
      { applicationId: "0", attempt: "1" },
      { applicationId: "x", attempt: "1" },
    ]) {
      const body = stripeEventBody({
        id: "evt_1Other",
        type: "payment_intent.succeeded",
        object: { ...intent, metadata },
        at: NOW,
      });
      const { signature } = deliver(body, NOW);
      expect(gateway.parseWebhook(body, signature, NOW)).toMatchObject({ type: "payment_succeeded", metadata: null });
    }
  });

  it("answers the events the checkout does not act on as ignored", () => {
    for (const type of ["payment_intent.created", "charge.succeeded", "customer.created", "charge.refunded"]) {
      const { body, signature } = deliver(stripeEventBody({ id: `evt_${type}`, type, object: intent, at: NOW }), NOW);
      expect(gateway.parseWebhook(body, signature, NOW)).toEqual({ id: `evt_${type}`, type: "ignored" });
    }
  });

  it("accepts a signature up to 300 s old by the given clock, and refuses one 301 s old", () => {
    const { body, signature } = deliver(succeededBody, NOW);
    expect(gateway.parseWebhook(body, signature, seconds(300)).type).toBe("payment_succeeded");
    expect(() => gateway.parseWebhook(body, signature, seconds(301))).toThrow(WebhookSignatureError);
    // The clock given, not the machine's: a delivery signed long ago verifies against a clock set back then.
    const old = deliver(succeededBody, new Date("2020-01-01T00:00:00Z"));
    expect(gateway.parseWebhook(old.body, old.signature, new Date("2020-01-01T00:04:00Z")).type).toBe(
      "payment_succeeded",
    );
  });

  it("refuses a signature dated more than 300 s ahead of the clock", () => {
    const { body, signature } = deliver(succeededBody, seconds(301));
    expect(() => gateway.parseWebhook(body, signature, NOW)).toThrow(WebhookSignatureError);
    const near = deliver(succeededBody, seconds(300));
    expect(gateway.parseWebhook(near.body, near.signature, NOW).type).toBe("payment_succeeded");
  });

  it("refuses a missing, malformed or forged signature, and a body changed after signing", () => {
    const { body, signature } = deliver(succeededBody, NOW);
    const forged = deliver(succeededBody, NOW, "whsec_SomeoneElsesSecret");
    const refused = [
      [body, undefined],
      [body, ""],
      [body, "t=abc,v1=def"],
      [body, `t=${Math.floor(NOW.getTime() / 1000)}`],
      [body, forged.signature],
      [body.replace("11000", "1"), signature],
      ["", signature],
    ] as const;
    for (const [sentBody, header] of refused) {
      expect(() => gateway.parseWebhook(sentBody, header, NOW), `${header} / ${sentBody.slice(0, 20)}`).toThrow(
        WebhookSignatureError,
      );
    }
  });

  it("accepts a header that also carries a signature under a rolled secret (Stripe signs with each)", () => {
    const { body, signature } = deliver(succeededBody, NOW);
    const old = deliver(succeededBody, NOW, "whsec_TheSecretBeforeRolling").signature.split(",")[1];
    expect(gateway.parseWebhook(body, `${signature},${old}`, NOW).type).toBe("payment_succeeded");
  });
});
