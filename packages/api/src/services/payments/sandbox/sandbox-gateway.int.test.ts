import { SANDBOX_TEST_CARDS } from "@market/contracts";
import { createTestDb, type TestDb } from "@market/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../../clock";
import { createBrand, waitingApplication } from "../../../testing";
import type { ChargeRequest } from "../gateway";
import { WebhookSignatureError } from "../gateway";
import { type SandboxGateway, sandboxGateway } from "./sandbox-gateway";

let testDb: TestDb;
let gateway: SandboxGateway;
const clock = fixedClock(new Date("2026-06-15T12:00:00Z"));
let keys = 0;

beforeAll(async () => {
  testDb = await createTestDb();
  gateway = sandboxGateway({ db: testDb.db, clock });
});
afterAll(() => testDb.close());

/** A token of the card; `owner`, the brand that made it (null: anyone's, as the tests that play Stripe.js alone). */
async function tokenOf(number: string, owner: number | null = null) {
  const result = await gateway.tokenize({ number, expMonth: 4, expYear: 2030, cvc: "123" }, owner);
  if (!result.ok) throw new Error(result.message);
  return result.token;
}

const request = (token: string, overrides: Partial<ChargeRequest> = {}): ChargeRequest => {
  keys += 1;
  return {
    amountCents: 137_500,
    idempotencyKey: `test:${keys}`,
    source: { kind: "token", token },
    save: null,
    description: "A hire",
    metadata: { applicationId: "1", attempt: "1" },
    ...overrides,
  };
};

describe("the sandbox gateway", () => {
  it("charges 4242… at once", async () => {
    const outcome = await gateway.charge(request(await tokenOf(SANDBOX_TEST_CARDS.succeeds)));
    expect(outcome).toMatchObject({ status: "succeeded", amountCents: 137_500, saved: null });
  });

  it("declines 4000 0000 0000 0002 with Stripe's code and message", async () => {
    const outcome = await gateway.charge(request(await tokenOf(SANDBOX_TEST_CARDS.declined)));
    expect(outcome).toMatchObject({ status: "failed", code: "card_declined", message: "Your card was declined." });
    expect(outcome.intentId).toMatch(/^pi_sandbox_/);
  });

  it("asks 4000 0027 6000 3184 to authenticate, then succeeds once approved, and answers the same event again", async () => {
    const outcome = await gateway.charge(request(await tokenOf(SANDBOX_TEST_CARDS.requiresAuthentication)));
    if (outcome.status !== "requires_action") throw new Error(outcome.status);
    expect(await gateway.retrieve(outcome.intentId)).toEqual(outcome);
    expect(await gateway.intentIdOf(outcome.clientSecret)).toBe(outcome.intentId);
    const approved = await gateway.authenticate(outcome.clientSecret, true);
    expect(approved?.intentId).toBe(outcome.intentId);
    expect(await gateway.retrieve(outcome.intentId)).toMatchObject({ status: "succeeded", amountCents: 137_500 });
    const event = gateway.parseWebhook(approved?.webhook.rawBody ?? "", approved?.webhook.signature, clock.now());
    expect(event).toEqual({
      id: `evt_sandbox_${outcome.intentId}_succeeded`,
      type: "payment_succeeded",
      intentId: outcome.intentId,
      amountCents: 137_500,
      metadata: { applicationId: "1", attempt: "1" },
    });
    // Failing afterwards changes nothing: the intent has left the authentication step.
    const again = await gateway.authenticate(outcome.clientSecret, false);
    expect(again?.webhook.rawBody).toContain(`evt_sandbox_${outcome.intentId}_succeeded`);
    expect(await gateway.retrieve(outcome.intentId)).toMatchObject({ status: "succeeded" });
  });

  it("fails an intent whose authentication the brand failed, with Stripe's message", async () => {
    const outcome = await gateway.charge(request(await tokenOf(SANDBOX_TEST_CARDS.requiresAuthentication)));
    if (outcome.status !== "requires_action") throw new Error(outcome.status);
    const failed = await gateway.authenticate(outcome.clientSecret, false);
    expect(gateway.parseWebhook(failed?.webhook.rawBody ?? "", failed?.webhook.signature, clock.now())).toMatchObject({
      type: "payment_failed",
      intentId: outcome.intentId,
      code: "payment_intent_authentication_failure",
    });
    expect(await gateway.retrieve(outcome.intentId)).toMatchObject({
      status: "failed",
      code: "payment_intent_authentication_failure",
    });
    expect(await gateway.authenticate("pi_unknown_secret_x", true)).toBeNull();
  });

  it("answers a retried idempotency key with the first intent, even on another instance", async () => {
    const first = request(await tokenOf(SANDBOX_TEST_CARDS.succeeds));
    const outcome = await gateway.charge(first);
    const restarted = sandboxGateway({ db: testDb.db, clock });
    expect(await restarted.charge(first)).toEqual(outcome);
    const concurrent = request(await tokenOf(SANDBOX_TEST_CARDS.succeeds));
    const answers = await Promise.all([gateway.charge(concurrent), restarted.charge(concurrent)]);
    expect(answers[0]?.intentId).toBe(answers[1]?.intentId);
  });

  it("uses a new card's token for one charge, as Stripe uses a PaymentMethod no customer holds", async () => {
    const token = await tokenOf(SANDBOX_TEST_CARDS.succeeds);
    const first = request(token);
    const paid = await gateway.charge(first);
    expect(paid).toMatchObject({ status: "succeeded" });
    // Another charge, on this instance or another, is refused; the first's retry (its key) answers its intent.
    const refused = { status: "failed", intentId: null, code: "resource_missing" };
    expect(await gateway.charge(request(token))).toMatchObject(refused);
    expect(await sandboxGateway({ db: testDb.db, clock }).charge(request(token))).toMatchObject(refused);
    expect(await gateway.charge(first)).toEqual(paid);
    // A declined card's token is spent too (Stripe: the entered card must be entered again).
    const declined = await tokenOf(SANDBOX_TEST_CARDS.declined);
    expect(await gateway.charge(request(declined))).toMatchObject({ status: "failed", code: "card_declined" });
    expect(await gateway.charge(request(declined))).toMatchObject(refused);
    // Two charges at once with one token and two keys: one has it.
    const raced = await tokenOf(SANDBOX_TEST_CARDS.succeeds);
    const answers = await Promise.all([gateway.charge(request(raced)), gateway.charge(request(raced))]);
    expect(answers.map((answer) => answer.status).sort()).toEqual(["failed", "succeeded"]);
  });

  it("lets only the brand that made a token pay with it", async () => {
    const hire = await waitingApplication(testDb.db, clock);
    const other = await createBrand(testDb.db);
    const forHire = { metadata: { applicationId: String(hire.id), attempt: "1" } };
    const othersToken = await tokenOf(SANDBOX_TEST_CARDS.succeeds, other.id);
    expect(await gateway.charge(request(othersToken, forHire))).toMatchObject({
      status: "failed",
      intentId: null,
      code: "resource_missing",
    });
    // The brand's own token pays.
    const ownToken = await tokenOf(SANDBOX_TEST_CARDS.succeeds, hire.brand.id);
    expect(await gateway.charge(request(ownToken, forHire))).toMatchObject({ status: "succeeded" });
  });

  it("saves a card for the brand when asked, charges it as a saved source, and refuses it to anyone else", async () => {
    const brand = await createBrand(testDb.db);
    const other = await createBrand(testDb.db);
    const token = await tokenOf(SANDBOX_TEST_CARDS.succeeds);
    const outcome = await gateway.charge(request(token, { save: { userId: brand.id, email: "b@example.com" } }));
    if (outcome.status !== "succeeded" || !outcome.saved) throw new Error("not saved");
    expect(outcome.saved).toEqual({
      customerId: `cus_sandbox_${brand.id}`,
      paymentMethodId: token,
      card: { brand: "visa", last4: "4242", expMonth: 4, expYear: 2030 },
    });
    const { customerId, paymentMethodId } = outcome.saved;
    expect(
      await gateway.charge(request(token, { source: { kind: "saved", customerId, paymentMethodId } })),
    ).toMatchObject({ status: "succeeded", saved: null });
    const stolen = { kind: "saved" as const, customerId: `cus_sandbox_${other.id}`, paymentMethodId };
    expect(await gateway.charge(request(token, { source: stolen }))).toMatchObject({
      status: "failed",
      code: "resource_missing",
    });
    // Once saved, the token is the customer's: it cannot be charged as a new card by anyone.
    expect(await gateway.charge(request(token))).toMatchObject({ status: "failed", code: "resource_missing" });
  });

  it("refunds a succeeded intent once, however often it is asked", async () => {
    const outcome = await gateway.charge(request(await tokenOf(SANDBOX_TEST_CARDS.succeeds)));
    const refund = { intentId: outcome.intentId ?? "", amountCents: 137_500, idempotencyKey: "refund:1" };
    const [a, b] = await Promise.all([gateway.refund(refund), gateway.refund(refund)]);
    expect(a.refundId).toMatch(/^re_sandbox_/);
    expect(b).toEqual(a);
  });

  it("checks a webhook's signature and its age (300 s)", async () => {
    const body = JSON.stringify({ id: "evt_1", type: "customer.created", data: { object: {} } });
    const signed = gateway.signWebhook(body);
    expect(gateway.parseWebhook(body, signed.signature, clock.now())).toEqual({ id: "evt_1", type: "ignored" });
    expect(() => gateway.parseWebhook(`${body} `, signed.signature, clock.now())).toThrow(WebhookSignatureError);
    expect(() => gateway.parseWebhook(body, undefined, clock.now())).toThrow(WebhookSignatureError);
    expect(() => gateway.parseWebhook(body, "t=1,v1=00", clock.now())).toThrow(WebhookSignatureError);
    const late = new Date(clock.now().getTime() + 301_000);
    expect(() => gateway.parseWebhook(body, signed.signature, late)).toThrow(WebhookSignatureError);
  });
});
