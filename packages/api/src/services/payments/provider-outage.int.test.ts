import { SANDBOX_TEST_CARDS, sandboxDeliverables } from "@market/contracts";
import { applications, type Db, eq, ledgerTransactions, paymentAttempts, processedWebhookEvents } from "@market/db";
import { useTestDb } from "@market/db/testing";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { mswServer } from "../../../../../scripts/test-setup/msw";
import { fixedClock } from "../../clock";
import {
  callFailure,
  type FakeStripe,
  fakeStripe,
  paidApplication,
  STRIPE_TEST_KEYS,
  sandboxTokenOf,
  waitingApplication,
} from "../../testing";
import { assertLedgerInvariants } from "../../testing/ledger-invariants";
import { ledgerAccount } from "../ledger/accounts";
import { accountBalance } from "../ledger/balance";
import { sandboxGateway } from "./sandbox/sandbox-gateway";
import { createStripeGateway } from "./stripe/stripe-gateway";
import { processWebhook } from "./webhooks";

/**
 * The payment provider out of reach (a 5xx, a network error): accept and the admin refund answer
 * payment_unavailable (HTTP 503) with nothing charged, refunded or written to the ledger, and the same action
 * tried again once the provider is back goes through exactly once.
 */

let db: Db;
const clock = fixedClock(new Date("2026-06-01T12:00:00Z"));

const testDb = useTestDb();
beforeAll(() => {
  db = testDb.db;
});

/** B of the fixture's proposal: instagram at $1,250 with the 10 % brand fee. */
const B = 137_500;

const rowOf = async (id: number) => (await db.select().from(applications).where(eq(applications.id, id)))[0];
const attemptsOf = (id: number) =>
  db.select().from(paymentAttempts).where(eq(paymentAttempts.applicationId, id)).orderBy(paymentAttempts.attempt);
const transactionsOf = (id: number) =>
  db.select().from(ledgerTransactions).where(eq(ledgerTransactions.applicationId, id));

describe("Stripe out of reach", () => {
  let stripe: FakeStripe;
  const payments = createStripeGateway(STRIPE_TEST_KEYS);

  beforeEach(() => {
    stripe = fakeStripe();
    mswServer.use(...stripe.handlers);
  });

  async function hire() {
    const app = await waitingApplication(db, clock, { payments });
    const accept = () =>
      app.callers.brand.applications.accept({
        id: app.id,
        frontendPriceInCents: B,
        networks: ["instagram"],
        cardOptions: { token: stripe.paymentMethodFromBrowser("succeeds"), saveCard: false, useExistingCard: false },
      });
    return { ...app, accept };
  }

  it.each(["server_error", "network"] as const)(
    "accept answers payment_unavailable (%s), charges and writes nothing, and a retry pays once",
    async (kind) => {
      const app = await hire();
      stripe.outage(kind);

      expect(await callFailure(app.accept())).toEqual({
        code: "SERVICE_UNAVAILABLE",
        reason: "payment_unavailable",
        issues: [],
      });
      expect(stripe.succeededPayments()).toBe(0);
      expect(await rowOf(app.id)).toMatchObject({ status: "WAITING", paidAmountCents: 0, paidAt: null });
      expect(await transactionsOf(app.id)).toEqual([]);
      expect(await accountBalance(db, ledgerAccount.escrow(app.id))).toBe(0);
      // The attempt failed (not left in flight), so the next accept charges at once, under the next attempt's key.
      expect(await attemptsOf(app.id)).toMatchObject([
        {
          attempt: 1,
          status: "failed",
          providerIntentId: null,
          error: JSON.stringify({ code: "payment_unavailable", message: null }),
        },
      ]);

      stripe.outage(null);
      expect(await app.accept()).toEqual({ requiresAction: false });

      expect(stripe.succeededPayments()).toBe(1);
      expect((await attemptsOf(app.id)).map((attempt) => attempt.status)).toEqual(["failed", "succeeded"]);
      expect(await rowOf(app.id)).toMatchObject({ status: "PROGRESS", paidAmountCents: B });
      expect(await accountBalance(db, ledgerAccount.escrow(app.id))).toBe(B);
      expect(await transactionsOf(app.id)).toHaveLength(1);
      await assertLedgerInvariants(db, { applicationIds: [app.id] });
    },
  );

  it("the admin refund answers payment_unavailable and keeps the hire on hold; refunded once when Stripe is back", async () => {
    const app = await hire();
    await app.accept();
    await app.callers.influencer.applications.workDone({
      id: app.id,
      deliverables: sandboxDeliverables(["instagram"]),
    });
    const stripeBefore = await accountBalance(db, ledgerAccount.stripe);
    stripe.outage("server_error");

    expect(await callFailure(app.callers.adminAsBrand.admin.refund({ id: app.id }))).toEqual({
      code: "SERVICE_UNAVAILABLE",
      reason: "payment_unavailable",
      issues: [],
    });
    expect(stripe.refunds()).toEqual([]);
    expect(await accountBalance(db, ledgerAccount.escrow(app.id))).toBe(B);
    expect(await transactionsOf(app.id)).toHaveLength(1);
    // Whether Stripe refunded is unknown: the refund stays under way, so no release moves the escrow meanwhile.
    expect(await rowOf(app.id)).toMatchObject({ status: "PROGRESS", refundedAt: null, refundRequestedAt: clock.now() });
    expect(await callFailure(app.callers.brand.applications.release({ id: app.id }))).toMatchObject({
      reason: "conflict",
    });
    expect(await accountBalance(db, ledgerAccount.escrow(app.id))).toBe(B);

    stripe.outage(null);
    expect(await app.callers.adminAsBrand.admin.refund({ id: app.id })).toMatchObject({ status: "DENIED" });

    expect(stripe.refunds()).toEqual([expect.objectContaining({ amount: B, status: "succeeded" })]);
    expect(await accountBalance(db, ledgerAccount.escrow(app.id))).toBe(0);
    expect(await accountBalance(db, ledgerAccount.stripe)).toBe(stripeBefore + B);
    await assertLedgerInvariants(db, { applicationIds: [app.id] });
  });
});

describe("the sandbox playing an outage (PAYMENTS_SANDBOX_UNAVAILABLE=1)", () => {
  let down = false;
  const payments = () => sandboxGateway({ db, clock, unavailable: () => down });

  it("accept answers payment_unavailable with nothing written, and pays once when the sandbox is back", async () => {
    down = false;
    const app = await waitingApplication(db, clock, { payments: payments() });
    const token = await sandboxTokenOf(app.callers.brand, SANDBOX_TEST_CARDS.succeeds);
    const accept = () =>
      app.callers.brand.applications.accept({
        id: app.id,
        frontendPriceInCents: B,
        networks: ["instagram"],
        cardOptions: { token, saveCard: false, useExistingCard: false },
      });
    down = true;

    expect(await callFailure(accept())).toMatchObject({ code: "SERVICE_UNAVAILABLE", reason: "payment_unavailable" });
    expect(await rowOf(app.id)).toMatchObject({ status: "WAITING" });
    expect(await transactionsOf(app.id)).toEqual([]);

    down = false;
    expect(await accept()).toEqual({ requiresAction: false });
    expect((await attemptsOf(app.id)).map((attempt) => attempt.status)).toEqual(["failed", "succeeded"]);
    expect(await transactionsOf(app.id)).toHaveLength(1);
    await assertLedgerInvariants(db, { applicationIds: [app.id] });
  });

  it("a webhook answers payment_unavailable unrecorded, so that its next delivery pays the hire", async () => {
    down = false;
    const gateway = payments();
    const app = await waitingApplication(db, clock, { payments: gateway });
    const answer = await app.callers.brand.applications.accept({
      id: app.id,
      frontendPriceInCents: B,
      networks: ["instagram"],
      cardOptions: { token: await sandboxTokenOf(app.callers.brand, SANDBOX_TEST_CARDS.requiresAuthentication) },
    });
    if (!answer.requiresAction) throw new Error("paid without authentication");
    // The brand passed the step and closed the tab: only the provider's event completes the payment.
    const passed = await gateway.authenticate(answer.intentSecret, true);
    if (!passed) throw new Error("no such intent");
    const deliver = () =>
      processWebhook({ db, clock, payments: gateway }, passed.webhook.rawBody, passed.webhook.signature);
    down = true;

    expect(await callFailure(deliver())).toMatchObject({ code: "SERVICE_UNAVAILABLE", reason: "payment_unavailable" });
    expect(await db.select().from(processedWebhookEvents)).not.toContainEqual(
      expect.objectContaining({ eventId: JSON.parse(passed.webhook.rawBody).id }),
    );
    expect(await rowOf(app.id)).toMatchObject({ status: "WAITING" });

    down = false;
    expect(await deliver()).toEqual({ received: true });
    expect(await rowOf(app.id)).toMatchObject({ status: "PROGRESS", paidAmountCents: B });
    await assertLedgerInvariants(db, { applicationIds: [app.id] });
  });

  it("the admin refund answers payment_unavailable with the ledger unchanged", async () => {
    down = false;
    const app = await paidApplication(db, clock, { payments: payments() });
    down = true;

    expect(await callFailure(app.callers.adminAsBrand.admin.refund({ id: app.id }))).toMatchObject({
      code: "SERVICE_UNAVAILABLE",
      reason: "payment_unavailable",
    });
    expect(await accountBalance(db, app.escrow)).toBe(B);
    expect(await rowOf(app.id)).toMatchObject({ status: "PROGRESS", refundedAt: null });

    down = false;
    expect(await app.callers.adminAsBrand.admin.refund({ id: app.id })).toMatchObject({ status: "DENIED" });
    expect(await accountBalance(db, app.escrow)).toBe(0);
    await assertLedgerInvariants(db, { applicationIds: [app.id] });
  });
});
