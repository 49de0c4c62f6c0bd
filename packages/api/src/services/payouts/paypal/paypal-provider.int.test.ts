import { beforeEach, describe, expect, it } from "vitest";
import { mswServer } from "../../../../../../scripts/test-setup/msw";
import { fixedClock } from "../../../clock";
import {
  type FakePayPal,
  fakePayPal,
  invalidRequest,
  PAYPAL_TEST_OPTIONS,
  paypalError,
} from "../../../testing/msw/paypal-handlers";
import { type PayoutOrder, PayoutProviderError } from "../provider";
import { createPayPalPayoutProvider } from "./paypal-provider";

/** The PayPal Payouts adapter against msw handlers shaped like PayPal's API (testing/msw/paypal-handlers.ts). */

let paypal: FakePayPal;
const clock = fixedClock(new Date("2026-03-02T10:00:00Z"));
const order: PayoutOrder = {
  reference: "market-payout-42",
  amountCents: 2_005,
  email: "ann@example.com",
  accountOwnerName: null,
};
const make = () => createPayPalPayoutProvider({ ...PAYPAL_TEST_OPTIONS, clock });

beforeEach(() => {
  paypal = fakePayPal();
  mswServer.use(...paypal.handlers);
});

async function sentBatch(provider = make()) {
  const outcome = await provider.send(order);
  if (outcome.status !== "sent") throw new Error("not sent");
  return outcome.providerReference;
}

describe("the PayPal payout provider", () => {
  it("gets a client-credentials token once and sends one batch under the reference, in dollars", async () => {
    const provider = make();
    const batchId = await sentBatch(provider);
    await provider.status(batchId);
    expect(paypal.state.tokenRequests).toBe(1);
    expect(paypal.batches.get(batchId)).toMatchObject({
      senderBatchId: "market-payout-42",
      requestId: "market-payout-42",
      receiver: "ann@example.com",
      amount: { value: "20.05", currency: "USD" },
    });
  });

  it("answers the same batch when the payout is sent again (PayPal-Request-Id), never a second one", async () => {
    const provider = make();
    const first = await sentBatch(provider);
    expect(await sentBatch(provider)).toBe(first);
    expect(paypal.batches.size).toBe(1);
  });

  it("resolves a batch PayPal refuses as a duplicate sender_batch_id to the original batch it links to", async () => {
    const first = await sentBatch();
    // PayPal no longer replays the request id (kept 30 days): the resend meets its duplicate sender_batch_id check.
    paypal.forgetRequestIds();

    expect(await make().send(order)).toEqual({ status: "sent", providerReference: first });
    expect(paypal.state.batchPosts).toBe(2);
    expect(paypal.batches.size).toBe(1);
  });

  it("still throws for a duplicate answer with no link to the batch (nothing to resolve it to)", async () => {
    paypal.refuseNextBatch(
      400,
      paypalError("USER_BUSINESS_ERROR", "User business error.", {
        details: [{ field: "SENDER_BATCH_ID", location: "body", issue: "Duplicate batch request" }],
      }),
    );
    await expect(make().send(order)).rejects.toBeInstanceOf(PayoutProviderError);
  });

  it("reads the item's status: pending, unclaimed still pending, success paid, failures with PayPal's words", async () => {
    const provider = make();
    const batchId = await sentBatch(provider);
    expect(await provider.status(batchId)).toEqual({ status: "pending" });
    paypal.setItem(batchId, { transaction_status: "UNCLAIMED" });
    expect(await provider.status(batchId)).toEqual({ status: "pending" });
    paypal.setItem(batchId, { transaction_status: "SUCCESS" });
    expect(await provider.status(batchId)).toEqual({ status: "paid" });
    paypal.setItem(batchId, {
      transaction_status: "FAILED",
      errors: { name: "RECEIVER_UNREGISTERED", message: "Receiver is unregistered" },
    });
    expect(await provider.status(batchId)).toEqual({
      status: "failed",
      reason: "invalid_account",
      message: "Receiver is unregistered",
    });
    paypal.setItem(batchId, { transaction_status: "RETURNED" });
    expect(await provider.status(batchId)).toMatchObject({ status: "failed", reason: "returned" });
    paypal.setItem(batchId, { transaction_status: "BLOCKED" });
    expect(await provider.status(batchId)).toMatchObject({ status: "failed", reason: "rejected" });
    paypal.setItem(batchId, { transaction_status: "PENDING" }, "DENIED");
    expect(await provider.status(batchId)).toMatchObject({ status: "failed", reason: "rejected" });
  });

  it("fails a payout to a receiver PayPal refuses (VALIDATION_ERROR), with PayPal's words for the receiver", async () => {
    expect(await make().send({ ...order, email: "ann@invalid.example" })).toEqual({
      status: "failed",
      reason: "invalid_account",
      message: "Receiver is invalid or does not match with type",
    });
  });

  it("blames the receiver for PayPal's INVALID_REQUEST on it: an email longer than the spec's 127 characters", async () => {
    const email = `${"a".repeat(120)}@example.com`;
    expect(await make().send({ ...order, email })).toEqual({
      status: "failed",
      reason: "invalid_account",
      message: "The value of a field is either too short or too long.",
    });
    expect(paypal.batches.size).toBe(0);
  });

  it.each([
    ["/items/0/amount/value", "rejected"],
    ["items[0].amount.currency", "rejected"],
    ["/sender_batch_header/email_subject", "provider_error"],
    ["/items/0/receiver", "invalid_account"],
  ] as const)(
    "maps an INVALID_REQUEST by the field it names (%s: %s), not all on the influencer's account",
    async (field, reason) => {
      paypal.refuseNextBatch(
        400,
        invalidRequest([{ field, issue: "INVALID_PARAMETER_SYNTAX", description: "Bad value." }]),
      );
      expect(await make().send(order)).toEqual({ status: "failed", reason, message: "Bad value." });
    },
  );

  it("does not blame the account for a VALIDATION_ERROR on a field of ours", async () => {
    paypal.refuseNextBatch(
      400,
      paypalError("VALIDATION_ERROR", "Invalid request - see details", {
        details: [{ field: "sender_batch_header.email_subject", location: "body", issue: "Value is too long" }],
      }),
    );
    expect(await make().send(order)).toEqual({
      status: "failed",
      reason: "provider_error",
      message: "Value is too long",
    });
  });

  it("throws for wrong credentials, and after an expired token gets a new one on the next try", async () => {
    const wrong = createPayPalPayoutProvider({ ...PAYPAL_TEST_OPTIONS, clientSecret: "nope", clock });
    await expect(wrong.send(order)).rejects.toBeInstanceOf(PayoutProviderError);
    const provider = make();
    const batchId = await sentBatch(provider);
    paypal.expireTokens();
    await expect(provider.status(batchId)).rejects.toBeInstanceOf(PayoutProviderError);
    expect(await provider.status(batchId)).toEqual({ status: "pending" });
    expect(paypal.state.tokenRequests).toBe(3);
  });
});
