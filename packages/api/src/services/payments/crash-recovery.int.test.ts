import { SANDBOX_TEST_CARDS } from "@market/contracts";
import {
  and,
  applications,
  type Db,
  eq,
  ledgerTransactions,
  paymentAttempts,
  type SandboxPaymentIntent,
  sandboxPaymentIntents,
} from "@market/db";
import { useTestDb } from "@market/db/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { countingGateway, sandboxTokenOf, waitingApplication } from "../../testing";
import { assertLedgerInvariants } from "../../testing/ledger-invariants";
import { attemptKey, IN_FLIGHT_MS } from "./attempts";
import type { PaymentGateway } from "./gateway";
import { sandboxGateway } from "./sandbox/sandbox-gateway";
import { processWebhook } from "./webhooks";

/**
 * The process dies after the provider charged and before the attempt recorded the intent id: the charge's
 * metadata lets its webhook find the attempt, so that exactly one charge is kept and any other is refunded.
 */

let db: Db;
const clock = fixedClock(new Date("2026-06-01T12:00:00Z"));
const B = 137_500;

const testDb = useTestDb();
beforeAll(() => {
  db = testDb.db;
});

/** The sandbox, counted, whose charge can be made to "crash" after the provider charged (the answer is lost). */
function crashableSandbox() {
  const counted = countingGateway(sandboxGateway({ db, clock }));
  const state = { crashNext: false };
  const gateway: PaymentGateway = {
    ...counted.gateway,
    charge: async (request) => {
      const outcome = await counted.gateway.charge(request);
      if (state.crashNext) {
        state.crashNext = false;
        throw new Error("the process died");
      }
      return outcome;
    },
  };
  return { gateway, calls: counted.calls, state };
}

async function setUp(card: string = SANDBOX_TEST_CARDS.succeeds) {
  const sandbox = crashableSandbox();
  const app = await waitingApplication(db, clock, { payments: sandbox.gateway });
  const accept = async (number: string = SANDBOX_TEST_CARDS.succeeds) =>
    app.callers.brand.applications.accept({
      id: app.id,
      frontendPriceInCents: B,
      networks: ["instagram"],
      cardOptions: { token: await sandboxTokenOf(app.callers.brand, number) },
    });
  sandbox.state.crashNext = true;
  await expect(accept(card)).rejects.toThrow("the process died");
  return { ...app, sandbox, accept };
}

const intentOfAttempt = async (applicationId: number, attempt: number) => {
  const [intent] = await db
    .select()
    .from(sandboxPaymentIntents)
    .where(eq(sandboxPaymentIntents.idempotencyKey, attemptKey(applicationId, attempt)));
  if (!intent) throw new Error("the sandbox has no such intent");
  return intent;
};

/** The event Stripe sends about an intent's outcome, with the charge's metadata as the sandbox stored it. */
function eventOf(gateway: PaymentGateway, intent: SandboxPaymentIntent, eventId: string) {
  const sandbox = sandboxGateway({ db, clock });
  const succeeded = intent.status === "succeeded";
  const signed = sandbox.signWebhook(
    JSON.stringify({
      id: eventId,
      object: "event",
      type: succeeded ? "payment_intent.succeeded" : "payment_intent.payment_failed",
      data: {
        object: {
          id: intent.id,
          object: "payment_intent",
          amount: intent.amountCents,
          currency: "usd",
          status: succeeded ? "succeeded" : "requires_payment_method",
          last_payment_error: succeeded ? null : { code: intent.failureCode, message: intent.failureMessage },
          metadata: intent.metadata,
        },
      },
    }),
  );
  return () => processWebhook({ db, clock, payments: gateway }, signed.rawBody, signed.signature);
}

const attemptsOf = (applicationId: number) =>
  db
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.applicationId, applicationId))
    .orderBy(paymentAttempts.attempt);

const paymentsOf = (applicationId: number) =>
  db
    .select()
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.applicationId, applicationId), eq(ledgerTransactions.kind, "payment")));

describe("a charge whose process died before it recorded the intent id", () => {
  it("is refunded when a later attempt paid the hire: one charge kept, its webhook delivered 3 times", async () => {
    const app = await setUp();
    const [lost] = await attemptsOf(app.id);
    expect(lost).toMatchObject({ status: "pending", providerIntentId: null });
    const first = await intentOfAttempt(app.id, 1);
    expect(first.metadata).toEqual({ applicationId: String(app.id), attempt: "1" });

    // While the lost attempt may still be in flight, another accept waits; then it charges attempt 2.
    await expect(app.accept()).rejects.toThrow();
    clock.advance(IN_FLIGHT_MS + 1_000);
    expect(await app.accept()).toEqual({ requiresAction: false });
    expect(app.sandbox.calls.charge).toBe(2);

    const deliver = eventOf(app.sandbox.gateway, first, `evt_lost_${app.id}`);
    for (let delivery = 0; delivery < 3; delivery += 1) expect(await deliver()).toEqual({ received: true });

    const [one, two] = await attemptsOf(app.id);
    expect(one).toMatchObject({ status: "canceled", providerIntentId: first.id });
    expect(one?.providerRefundId).toMatch(/^re_sandbox_/);
    expect(two).toMatchObject({ status: "succeeded", providerRefundId: null });
    expect(app.sandbox.calls.refund).toBe(1);
    expect((await intentOfAttempt(app.id, 1)).refundId).not.toBeNull();
    expect((await intentOfAttempt(app.id, 2)).refundId).toBeNull();
    expect(await paymentsOf(app.id)).toHaveLength(1);
    const [application] = await db.select().from(applications).where(eq(applications.id, app.id));
    expect(application).toMatchObject({ status: "PROGRESS", paidAmountCents: B });
    await assertLedgerInvariants(db, { applicationIds: [app.id] });
  });

  it("pays the hire when its webhook comes first, and a later accept charges nothing", async () => {
    const app = await setUp();
    const first = await intentOfAttempt(app.id, 1);
    await eventOf(app.sandbox.gateway, first, `evt_first_${app.id}`)();
    const [one] = await attemptsOf(app.id);
    expect(one).toMatchObject({ status: "succeeded", providerIntentId: first.id });
    clock.advance(IN_FLIGHT_MS + 1_000);
    await expect(app.accept()).rejects.toThrow();
    expect(app.sandbox.calls.charge).toBe(1);
    expect(app.sandbox.calls.refund).toBe(0);
    expect(await paymentsOf(app.id)).toHaveLength(1);
    await assertLedgerInvariants(db, { applicationIds: [app.id] });
  });

  it("records a refused charge's failure on its attempt by the metadata", async () => {
    const app = await setUp(SANDBOX_TEST_CARDS.declined);
    const first = await intentOfAttempt(app.id, 1);
    await eventOf(app.sandbox.gateway, first, `evt_declined_${app.id}`)();
    const [one] = await attemptsOf(app.id);
    expect(one).toMatchObject({ status: "failed", providerIntentId: first.id });
    expect(await paymentsOf(app.id)).toHaveLength(0);
  });

  it("does not take an intent for an attempt of another amount (metadata pointing elsewhere)", async () => {
    const app = await setUp();
    const other = await setUp();
    const first = await intentOfAttempt(app.id, 1);
    const forged = { ...first, metadata: { applicationId: String(other.id), attempt: "1" }, amountCents: B };
    // The attempt the metadata names is the one the charge would be settled on: a charge of another amount than
    // that attempt's is never taken for it (the event goes unanswered, not_found).
    await db
      .update(paymentAttempts)
      .set({ amountCents: B + 1 })
      .where(eq(paymentAttempts.applicationId, other.id));
    await expect(eventOf(app.sandbox.gateway, forged, `evt_forged_${app.id}`)()).rejects.toThrow();
    const [untouched] = await attemptsOf(other.id);
    expect(untouched).toMatchObject({ status: "pending", providerIntentId: null });
  });
});

describe("a forged event naming a lost attempt by metadata", () => {
  it("is not believed when the gateway says otherwise: a failure event for a charge that succeeded claims nothing", async () => {
    const app = await setUp();
    const first = await intentOfAttempt(app.id, 1);
    const forged = { ...first, status: "failed" as const, failureCode: "card_declined", failureMessage: "Declined." };
    await expect(eventOf(app.sandbox.gateway, forged, `evt_forged_failure_${app.id}`)()).rejects.toThrow();
    const [one] = await attemptsOf(app.id);
    expect(one).toMatchObject({ status: "pending", providerIntentId: null });
    // The true event still settles it afterwards.
    await eventOf(app.sandbox.gateway, first, `evt_true_${app.id}`)();
    expect((await attemptsOf(app.id))[0]).toMatchObject({ status: "succeeded", providerIntentId: first.id });
  });
});

describe("an earlier attempt the brand authenticated whose confirmation never arrived", () => {
  it("is settled by the next accept instead of charging the card again", async () => {
    const sandbox = crashableSandbox();
    const app = await waitingApplication(db, clock, { payments: sandbox.gateway });
    const pay = async (number: string) =>
      app.callers.brand.applications.accept({
        id: app.id,
        frontendPriceInCents: B,
        networks: ["instagram"],
        cardOptions: { token: await sandboxTokenOf(app.callers.brand, number) },
      });
    const first = await pay(SANDBOX_TEST_CARDS.requiresAuthentication);
    if (!first.requiresAction) throw new Error("paid without authentication");
    // The brand passes the authentication step; the browser's confirmation and the webhook are both lost.
    await sandboxGateway({ db, clock }).authenticate(first.intentSecret, true);

    expect(await pay(SANDBOX_TEST_CARDS.succeeds)).toEqual({ requiresAction: false });
    expect(sandbox.calls.charge).toBe(1);
    expect(sandbox.calls.refund).toBe(0);
    const [one, two] = await attemptsOf(app.id);
    expect(one?.status).toBe("succeeded");
    expect(two).toBeUndefined();
    expect(await paymentsOf(app.id)).toHaveLength(1);
    await assertLedgerInvariants(db, { applicationIds: [app.id] });
  });
});
