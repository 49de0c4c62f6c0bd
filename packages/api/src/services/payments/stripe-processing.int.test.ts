import { applications, type Db, eq, ledgerTransactions, paymentAttempts } from "@market/db";
import { useTestDb } from "@market/db/testing";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { mswServer } from "../../../../../scripts/test-setup/msw";
import { fixedClock } from "../../clock";
import { type FakeStripe, fakeStripe, STRIPE_TEST_KEYS, waitingApplication } from "../../testing";
import { assertLedgerInvariants } from "../../testing/ledger-invariants";
import { ledgerAccount } from "../ledger/accounts";
import { accountBalance } from "../ledger/balance";
import { createStripeGateway } from "./stripe/stripe-gateway";
import { processWebhook } from "./webhooks";

/**
 * A payment Stripe leaves `processing` (taken, not settled: docs.stripe.com/payments/paymentintents/lifecycle),
 * through the checkout against the Stripe fake: accept says so without paying the hire, never charges the card a
 * second time meanwhile, and the webhook pays the hire when Stripe says the intent succeeded (or lets the brand pay
 * again when it failed).
 */

let db: Db;
const clock = fixedClock(new Date("2026-06-01T12:00:00Z"));
const payments = createStripeGateway(STRIPE_TEST_KEYS);
/** B of the fixture's proposal: instagram at $1,250 with the 10 % brand fee. */
const B = 137_500;

const testDb = useTestDb();
beforeAll(() => {
  db = testDb.db;
});

let stripe: FakeStripe;
beforeEach(() => {
  stripe = fakeStripe();
  mswServer.use(...stripe.handlers);
});

const rowOf = async (id: number) => (await db.select().from(applications).where(eq(applications.id, id)))[0];
const attemptsOf = (id: number) =>
  db.select().from(paymentAttempts).where(eq(paymentAttempts.applicationId, id)).orderBy(paymentAttempts.attempt);
const paymentsOf = (id: number) => db.select().from(ledgerTransactions).where(eq(ledgerTransactions.applicationId, id));
const intentCreations = () => stripe.requests().filter((sent) => sent.path === "/v1/payment_intents");

async function hire() {
  const app = await waitingApplication(db, clock, { payments });
  const accept = (card: "succeeds" | "requiresAuthentication" = "succeeds") =>
    app.callers.brand.applications.accept({
      id: app.id,
      frontendPriceInCents: B,
      networks: ["instagram"],
      cardOptions: { token: stripe.paymentMethodFromBrowser(card), saveCard: false, useExistingCard: false },
    });
  return { ...app, accept };
}

/** Stripe's delivery of an event about the intent as it is now. */
function deliver(type: string, intentId: string) {
  const event = stripe.webhook(type, intentId, { at: clock.now() });
  return processWebhook({ db, clock, payments }, event.body, event.signature);
}

async function expectUnpaid(applicationId: number) {
  expect(await rowOf(applicationId)).toMatchObject({ status: "WAITING", paidAmountCents: 0, paidAt: null });
  expect(await paymentsOf(applicationId)).toEqual([]);
  expect(await accountBalance(db, ledgerAccount.escrow(applicationId))).toBe(0);
}

describe("a payment Stripe is still processing", () => {
  it("answers processing, keeps the hire unpaid, charges nothing again, and the succeeded webhook pays it once", async () => {
    const app = await hire();
    stripe.holdInProcessing();

    expect(await app.accept()).toEqual({ requiresAction: false, processing: true });
    await expectUnpaid(app.id);
    const [attempt] = await attemptsOf(app.id);
    const intentId = attempt?.providerIntentId ?? "";
    expect(attempt).toMatchObject({ status: "pending", providerIntentId: expect.stringMatching(/^pi_/) });
    expect(stripe.intent(intentId)?.status).toBe("processing");

    // The brand pays again meanwhile: Stripe is asked about the processing intent and no second intent is made.
    expect(await app.accept()).toEqual({ requiresAction: false, processing: true });
    expect(intentCreations()).toHaveLength(1);
    await expectUnpaid(app.id);
    // Stripe's payment_intent.processing event changes nothing.
    await deliver("payment_intent.processing", intentId);
    await expectUnpaid(app.id);

    stripe.settleProcessing(intentId, "succeed");
    await deliver("payment_intent.succeeded", intentId);

    expect(await rowOf(app.id)).toMatchObject({ status: "PROGRESS", paidAmountCents: B });
    expect(await attemptsOf(app.id)).toMatchObject([{ status: "succeeded", providerIntentId: intentId }]);
    expect(await accountBalance(db, ledgerAccount.escrow(app.id))).toBe(B);
    expect(await paymentsOf(app.id)).toHaveLength(1);
    expect(stripe.succeededPayments()).toBe(1);
    await assertLedgerInvariants(db, { applicationIds: [app.id] });
  });

  it("answers processing after the authentication step too, and a failed settlement lets the brand pay again", async () => {
    const app = await hire();
    const step = await app.accept("requiresAuthentication");
    if (!step.requiresAction) throw new Error("expected the authentication step");
    const intentId = step.intentSecret.split("_secret_")[0] ?? "";
    stripe.holdInProcessing();
    stripe.completeAuthentication(intentId, "approve");

    const confirmed = await app.callers.brand.applications.accept({
      id: app.id,
      frontendPriceInCents: B,
      networks: ["instagram"],
      cardOptions: { confirmToken: intentId, saveCard: false, useExistingCard: false },
    });
    expect(confirmed).toEqual({ requiresAction: false, processing: true });
    await expectUnpaid(app.id);

    stripe.settleProcessing(intentId, "fail");
    await deliver("payment_intent.payment_failed", intentId);
    expect(await attemptsOf(app.id)).toMatchObject([{ status: "failed", providerIntentId: intentId }]);
    await expectUnpaid(app.id);

    stripe.holdInProcessing(false);
    expect(await app.accept()).toEqual({ requiresAction: false });
    expect((await attemptsOf(app.id)).map((attempt) => attempt.status)).toEqual(["failed", "succeeded"]);
    expect(await rowOf(app.id)).toMatchObject({ status: "PROGRESS", paidAmountCents: B });
    await assertLedgerInvariants(db, { applicationIds: [app.id] });
  });
});
