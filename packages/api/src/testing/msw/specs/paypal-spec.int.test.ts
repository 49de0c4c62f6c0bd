import { beforeEach, describe, expect, it } from "vitest";
import { mswServer } from "../../../../../../scripts/test-setup/msw";
import { fixedClock } from "../../../clock";
import { createPayPalPayoutProvider } from "../../../services/payouts/paypal/paypal-provider";
import type { PayoutOrder } from "../../../services/payouts/provider";
import { type FakePayPal, fakePayPal, PAYPAL_TEST_OPTIONS } from "../paypal-handlers";
import { type Exchange, recordExchanges } from "./exchanges";
import { type OpenApiDocument, requestSchema, responseSchema, schemaErrors } from "./openapi-schema";
import payoutsSpec from "./paypal-payouts-batch-v1.json";

/**
 * The PayPal fake against PayPal's own description of the Payouts API (payments_payouts_batch_v1 1.9, trimmed in
 * paypal-payouts-batch-v1.json with its source): every request the real adapter sends to the Payouts paths and every
 * answer the fake gives it, over the adapter's whole life (payouts sent, resent, refused, their status read), fit
 * the document's schemas. The OAuth token call is not part of this document and is not checked here.
 */

const SPEC = payoutsSpec as unknown as OpenApiDocument;
const clock = fixedClock(new Date("2026-03-02T10:00:00Z"));
const order: PayoutOrder = {
  reference: "market-payout-7",
  amountCents: 2_500,
  email: "ann@example.com",
  accountOwnerName: null,
};

let paypal: FakePayPal;
beforeEach(() => {
  paypal = fakePayPal();
  mswServer.use(...paypal.handlers);
});

/** The document's path template of a Payouts call, or null for another endpoint (the token). */
function templateOf(url: URL): string | null {
  if (url.pathname === "/v1/payments/payouts") return "/v1/payments/payouts";
  return /^\/v1\/payments\/payouts\/[^/]+$/.test(url.pathname) ? "/v1/payments/payouts/{id}" : null;
}

const parsed = (body: string): unknown => (body ? JSON.parse(body) : null);

/** Runs the adapter through every answer the fake models, recording what crossed the wire. */
async function adapterLife(): Promise<Exchange[]> {
  const recording = recordExchanges(mswServer);
  const provider = createPayPalPayoutProvider({ ...PAYPAL_TEST_OPTIONS, clock });
  const sent = await provider.send(order);
  if (sent.status !== "sent") throw new Error("not sent");
  await provider.status(sent.providerReference);
  for (const item of [
    { transaction_status: "UNCLAIMED" },
    { transaction_status: "SUCCESS" },
    { transaction_status: "FAILED", errors: { name: "RECEIVER_UNREGISTERED", message: "Receiver is unregistered" } },
    { transaction_status: "RETURNED" },
  ]) {
    paypal.setItem(sent.providerReference, item);
    await provider.status(sent.providerReference);
  }
  await provider.send(order);
  paypal.forgetRequestIds();
  await provider.send(order);
  await provider.send({ ...order, reference: "market-payout-8", email: "ann@invalid.example" });
  await provider.send({ ...order, reference: "market-payout-9", email: `${"a".repeat(120)}@example.com` });
  await provider.status("UNKNOWNBATCH1").catch(() => null);
  return recording.stop();
}

describe("the PayPal fake against payments_payouts_batch_v1", () => {
  it("answers every Payouts call of the adapter as the document describes it", async () => {
    const exchanges = (await adapterLife()).filter((exchange) => templateOf(exchange.url) !== null);

    expect(exchanges.map((exchange) => `${exchange.method} ${exchange.status}`)).toEqual([
      "POST 201",
      ...Array(5).fill("GET 200"),
      "POST 201",
      "POST 400",
      "POST 400",
      "POST 400",
      "GET 404",
    ]);
    for (const exchange of exchanges) {
      const template = templateOf(exchange.url) ?? "";
      const schema = responseSchema(SPEC, exchange.method, template, exchange.status);
      expect(schemaErrors(SPEC, schema, parsed(exchange.responseBody)), `${exchange.method} ${exchange.url}`).toEqual(
        [],
      );
    }
  });

  it("receives requests that fit the document, and refuses the one that does not as its INVALID_REQUEST says", async () => {
    const posts = (await adapterLife()).filter((exchange) => exchange.method === "POST" && templateOf(exchange.url));
    const schema = requestSchema(SPEC, "POST", "/v1/payments/payouts");
    const faults = posts.map((post) => schemaErrors(SPEC, schema, parsed(post.requestBody)));

    // All but the last: the receiver of 132 characters is over the document's 127, which PayPal refuses.
    expect(faults.slice(0, -1)).toEqual(posts.slice(0, -1).map(() => []));
    expect(faults.at(-1)).toEqual(["items[0].receiver: longer than 127"]);
    expect(parsed(posts.at(-1)?.responseBody ?? "")).toMatchObject({
      name: "INVALID_REQUEST",
      details: [{ field: "/items/0/receiver", location: "body", issue: "INVALID_STRING_LENGTH" }],
    });
  });

  it("would catch an answer off the document: the validator is not vacuous", () => {
    const created = responseSchema(SPEC, "POST", "/v1/payments/payouts", 201);
    expect(schemaErrors(SPEC, created, { batch_header: { batch_status: "PENDING" } })).toEqual([
      "batch_header.payout_batch_id: required",
      "batch_header.sender_batch_header: required",
    ]);
    const error = responseSchema(SPEC, "POST", "/v1/payments/payouts", 400);
    expect(schemaErrors(SPEC, error, { name: "VALIDATION_ERROR", message: "Invalid request" })).toEqual([
      "debug_id: required",
    ]);
    const batch = responseSchema(SPEC, "GET", "/v1/payments/payouts/{id}", 200);
    expect(
      schemaErrors(SPEC, batch, {
        items: [{ payout_item_id: "X1", payout_batch_id: "B1", transaction_status: "DONE", payout_item: {} }],
      }),
    ).toEqual([
      expect.stringMatching(/^items\[0\]\.transaction_status: "DONE" is not one of/),
      "items[0].payout_item.amount: required",
      "items[0].payout_item.receiver: required",
    ]);
  });
});
