import { beforeEach, describe, expect, it } from "vitest";
import { mswServer } from "../../../../../../scripts/test-setup/msw";
import type { ChargeRequest } from "../../../services/payments/gateway";
import { createStripeGateway } from "../../../services/payments/stripe/stripe-gateway";
import {
  STRIPE_TEST_PAYMENT_METHODS as CARDS,
  type FakeStripe,
  fakeStripe,
  STRIPE_TEST_KEYS,
} from "../stripe-handlers";
import { type Exchange, recordExchanges } from "./exchanges";
import { documentedProperties, type OpenApiDocument, responseSchema, schemaErrors } from "./openapi-schema";
import paymentIntentsSpec from "./stripe-payment-intents.json";

/**
 * The Stripe fake's PaymentIntents against Stripe's own OpenAPI description (stripe/openapi spec3.json, trimmed in
 * stripe-payment-intents.json with its source): every intent the fake answers the real adapter (created and
 * confirmed, retrieved, carried by a card error, processing, settled) and every webhook event's intent fit the
 * document's payment_intent and invent no property it lacks. What the adapter sends is checked by the compiler:
 * it builds stripe-node's PaymentIntentCreateParams, generated from the same description.
 */

const SPEC = paymentIntentsSpec as unknown as OpenApiDocument;
const INTENT = { $ref: "#/components/schemas/payment_intent" };
const gateway = createStripeGateway(STRIPE_TEST_KEYS);

let stripe: FakeStripe;
beforeEach(() => {
  stripe = fakeStripe();
  mswServer.use(...stripe.handlers);
});

const charge = (token: string, key: string): ChargeRequest => ({
  amountCents: 11_000,
  idempotencyKey: key,
  source: { kind: "token", token },
  save: null,
  description: "Hire of application 41",
  metadata: { applicationId: "41", attempt: key },
});

/** The intents of PaymentIntent answers: a 200's body, or the intent a card error (402) carries. */
function intentsOf(exchanges: Exchange[]): unknown[] {
  return exchanges
    .filter((exchange) => exchange.url.pathname.startsWith("/v1/payment_intents"))
    .map((exchange) => {
      const body = JSON.parse(exchange.responseBody) as { error?: { payment_intent?: unknown } };
      return exchange.status === 402 ? body.error?.payment_intent : body;
    });
}

function expectDocumented(intent: unknown, label: string) {
  expect(schemaErrors(SPEC, INTENT, intent), label).toEqual([]);
  const invented = Object.keys(intent as object).filter((key) => !documentedProperties(SPEC, INTENT).includes(key));
  expect(invented, label).toEqual([]);
}

describe("the Stripe fake against Stripe's OpenAPI payment_intent", () => {
  it("answers every intent of the adapter's life as the document describes it", async () => {
    const recording = recordExchanges(mswServer);
    const paid = await gateway.charge(charge(CARDS.succeeds, "1"));
    const authenticating = await gateway.charge(charge(CARDS.requiresAuthentication, "2"));
    stripe.completeAuthentication(authenticating.intentId ?? "", "approve");
    await gateway.retrieve(authenticating.intentId ?? "");
    await gateway.charge(charge(CARDS.declined, "3"));
    stripe.holdInProcessing();
    const processing = await gateway.charge(charge(CARDS.succeeds, "4"));
    stripe.settleProcessing(processing.intentId ?? "", "succeed");
    await gateway.retrieve(processing.intentId ?? "");
    const exchanges = await recording.stop();

    const intents = intentsOf(exchanges);
    expect(intents.map((intent) => (intent as { status: string }).status)).toEqual([
      "succeeded",
      "requires_action",
      "succeeded",
      "requires_payment_method",
      "processing",
      "succeeded",
    ]);
    intents.forEach((intent, index) => {
      expectDocumented(intent, `intent ${index}`);
    });
    const event = stripe.webhook("payment_intent.succeeded", paid.intentId ?? "");
    expectDocumented((JSON.parse(event.body) as { data: { object: unknown } }).data.object, "webhook");
    // The retrieve path answers the same schema as the create path in the document.
    expect(responseSchema(SPEC, "GET", "/v1/payment_intents/{intent}", 200)).toEqual(INTENT);
  });

  it("would catch an intent off the document: the validator is not vacuous", () => {
    expect(schemaErrors(SPEC, INTENT, { id: "pi_1", object: "payment_intent", livemode: false })).toEqual([
      "created: required",
      "status: required",
    ]);
    expect(
      schemaErrors(SPEC, INTENT, {
        id: "pi_1",
        object: "payment_intent",
        livemode: false,
        created: 1,
        status: "pending",
        processing: { card: {} },
        next_action: { use_stripe_sdk: {} },
      }),
    ).toEqual([
      expect.stringMatching(/^status: "pending" is not one of/),
      expect.stringMatching(/^processing: matches 0 of anyOf \(processing\.type: required\)/),
      expect.stringMatching(/^next_action: matches 0 of anyOf \(next_action\.type: required\)/),
    ]);
  });
});
