import { SANDBOX_TEST_CARDS } from "@market/contracts";
import {
  and,
  applications,
  type Db,
  eq,
  inArray,
  ledgerTransactions,
  paymentAttempts,
  processedWebhookEvents,
} from "@market/db";
import { useTestDb } from "@market/db/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { ReasonError } from "../../errors";
import { countingGateway, sandboxTokenOf, waitingApplication } from "../../testing";
import { assertLedgerInvariants } from "../../testing/ledger-invariants";
import type { PaymentGateway } from "./gateway";
import { type SignedWebhook, sandboxGateway } from "./sandbox/sandbox-gateway";
import { processWebhook } from "./webhooks";

let db: Db;
const clock = fixedClock(new Date("2026-06-01T12:00:00Z"));
const sandbox = () => sandboxGateway({ db, clock });
const B = 137_500;

const testDb = useTestDb();
beforeAll(() => {
  db = testDb.db;
});

/** A WAITING application whose brand's 3-D Secure card waits for its authentication step. */
async function awaitingAuthentication() {
  const counted = countingGateway(sandbox());
  const app = await waitingApplication(db, clock, { payments: counted.gateway });
  const token = await sandboxTokenOf(app.callers.brand, SANDBOX_TEST_CARDS.requiresAuthentication);
  const result = await app.callers.brand.applications.accept({
    id: app.id,
    frontendPriceInCents: B,
    networks: ["instagram"],
    cardOptions: { token },
  });
  if (!result.requiresAction) throw new Error("paid without authentication");
  const [attempt] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.applicationId, app.id));
  return { ...app, secret: result.intentSecret, intentId: attempt?.providerIntentId ?? "", calls: counted.calls };
}

/** The event the sandbox's authentication step produces, without delivering it. */
async function authenticated(secret: string, approve: boolean): Promise<SignedWebhook> {
  const result = await sandbox().authenticate(secret, approve);
  if (!result) throw new Error("no such intent");
  return result.webhook;
}

/** A payment_failed event for an intent, as Stripe sends one for a failed try before a later success. */
function failedEvent(intentId: string, eventId: string, metadata: Record<string, string> = {}): SignedWebhook {
  return sandbox().signWebhook(
    JSON.stringify({
      id: eventId,
      object: "event",
      type: "payment_intent.payment_failed",
      data: {
        object: {
          id: intentId,
          object: "payment_intent",
          amount: B,
          currency: "usd",
          status: "requires_payment_method",
          last_payment_error: { code: "card_declined", message: "Your card was declined." },
          metadata,
        },
      },
    }),
  );
}

const deliver = (webhook: SignedWebhook, gateway: PaymentGateway = sandbox()) =>
  processWebhook({ db, clock, payments: gateway }, webhook.rawBody, webhook.signature);

async function reasonFrom(call: Promise<unknown>) {
  try {
    await call;
  } catch (error) {
    if (error instanceof ReasonError) return error.reason;
    throw error;
  }
  throw new Error("the call succeeded");
}

/** A fixed shuffle (a seeded linear congruential generator), so a failure replays the same order. */
function shuffled<T>(items: T[], seed: number): T[] {
  const copy = [...items];
  let state = seed;
  for (let index = copy.length - 1; index > 0; index -= 1) {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    const other = state % (index + 1);
    [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
  }
  return copy;
}

const paymentsOf = async (ids: number[]) =>
  (
    await db
      .select({ applicationId: ledgerTransactions.applicationId })
      .from(ledgerTransactions)
      .where(and(inArray(ledgerTransactions.applicationId, ids), eq(ledgerTransactions.kind, "payment")))
  ).map((row) => row.applicationId);

describe("processWebhook", () => {
  it("takes every event delivered 3 times and out of order once: the ledger changes once per payment", async () => {
    const paid = await awaitingAuthentication();
    const alsoPaid = await awaitingAuthentication();
    const refused = await awaitingAuthentication();
    const declinedMeanwhile = await awaitingAuthentication();
    await declinedMeanwhile.callers.brand.applications.decline({ id: declinedMeanwhile.id });
    const events = [
      failedEvent(paid.intentId, "evt_earlier_failure"),
      await authenticated(paid.secret, true),
      await authenticated(alsoPaid.secret, true),
      await authenticated(refused.secret, false),
      await authenticated(declinedMeanwhile.secret, true),
    ];
    const ids = [paid.id, alsoPaid.id, refused.id, declinedMeanwhile.id];
    const deliveries = shuffled([...events, ...events, ...events], 7);
    for (const webhook of deliveries) await deliver(webhook);
    // And all of them once more at the same time (real concurrency on PostgreSQL).
    await Promise.all(shuffled(deliveries, 11).map((webhook) => deliver(webhook)));

    expect((await paymentsOf(ids)).sort()).toEqual([paid.id, alsoPaid.id].sort());
    const statuses = await db
      .select({ id: applications.id, status: applications.status, paid: applications.paidAmountCents })
      .from(applications)
      .where(inArray(applications.id, ids));
    expect(Object.fromEntries(statuses.map((row) => [row.id, [row.status, row.paid]]))).toEqual({
      [paid.id]: ["PROGRESS", B],
      [alsoPaid.id]: ["PROGRESS", B],
      [refused.id]: ["WAITING", 0],
      [declinedMeanwhile.id]: ["DENIED", 0],
    });
    const attempts = await db.select().from(paymentAttempts).where(inArray(paymentAttempts.applicationId, ids));
    expect(Object.fromEntries(attempts.map((attempt) => [attempt.applicationId, attempt.status]))).toEqual({
      [paid.id]: "succeeded",
      [alsoPaid.id]: "succeeded",
      [refused.id]: "failed",
      [declinedMeanwhile.id]: "canceled",
    });
    expect(attempts.find((attempt) => attempt.status === "canceled")?.providerRefundId).toMatch(/^re_sandbox_/);
    const processed = await db.select().from(processedWebhookEvents);
    expect(processed.map((row) => row.eventId)).toEqual(
      expect.arrayContaining(events.map((webhook) => JSON.parse(webhook.rawBody).id)),
    );
    await assertLedgerInvariants(db, { applicationIds: ids });
  });

  it("does not mark a paid attempt failed for a late failure event", async () => {
    const app = await awaitingAuthentication();
    await deliver(await authenticated(app.secret, true));
    await deliver(failedEvent(app.intentId, "evt_late_failure"));
    const [attempt] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.applicationId, app.id));
    expect(attempt?.status).toBe("succeeded");
    expect(await paymentsOf([app.id])).toEqual([app.id]);
  });

  it("refunds a charge whose application moved on once, whichever delivery gets there, and retries a refund the provider could not make", async () => {
    const app = await awaitingAuthentication();
    await app.callers.brand.applications.decline({ id: app.id });
    const webhook = await authenticated(app.secret, true);
    const failing = countingGateway(sandbox());
    let refusing = true;
    const flaky = {
      ...failing.gateway,
      refund: async (request: Parameters<typeof failing.gateway.refund>[0]) => {
        if (refusing) throw new Error("the provider is unreachable");
        return failing.gateway.refund(request);
      },
    };
    await expect(deliver(webhook, flaky)).rejects.toThrow("unreachable");
    const [owed] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.applicationId, app.id));
    expect(owed).toMatchObject({ status: "canceled", providerRefundId: null });
    refusing = false;
    await deliver(webhook, flaky);
    await deliver(webhook, flaky);
    const [refunded] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.applicationId, app.id));
    expect(refunded?.providerRefundId).toMatch(/^re_sandbox_/);
    expect(failing.calls.refund).toBe(1);
    await assertLedgerInvariants(db, { applicationIds: [app.id] });
  });

  it("takes no event's word: a success event for an intent still waiting changes nothing", async () => {
    const app = await awaitingAuthentication();
    const forged = sandbox().signWebhook(
      JSON.stringify({
        id: "evt_forged",
        type: "payment_intent.succeeded",
        data: { object: { id: app.intentId, object: "payment_intent", amount: B } },
      }),
    );
    await deliver(forged);
    const [attempt] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.applicationId, app.id));
    expect(attempt?.status).toBe("requires_action");
    expect(await paymentsOf([app.id])).toEqual([]);
  });

  it("refuses a bad or stale signature as invalid, and answers not_found for an intent no attempt names yet", async () => {
    const app = await awaitingAuthentication();
    const webhook = await authenticated(app.secret, true);
    expect(await reasonFrom(processWebhook({ db, clock, payments: sandbox() }, webhook.rawBody, undefined))).toBe(
      "invalid",
    );
    expect(
      await reasonFrom(processWebhook({ db, clock, payments: sandbox() }, `${webhook.rawBody} `, webhook.signature)),
    ).toBe("invalid");
    const later = fixedClock(new Date(clock.now().getTime() + 301_000));
    expect(
      await reasonFrom(processWebhook({ db, clock: later, payments: sandbox() }, webhook.rawBody, webhook.signature)),
    ).toBe("invalid");
    // Our charge (its metadata names an attempt) that no attempt knows yet: delivered again later.
    const unknown = failedEvent("pi_sandbox_unknown", "evt_unknown", { applicationId: "999999", attempt: "1" });
    expect(await reasonFrom(deliver(unknown))).toBe("not_found");
    // Not a charge of the checkout (no metadata): acknowledged once, never retried.
    expect(await deliver(failedEvent("pi_sandbox_foreign", "evt_foreign"))).toEqual({ received: true });
    const foreign = await db
      .select()
      .from(processedWebhookEvents)
      .where(eq(processedWebhookEvents.eventId, "evt_foreign"));
    expect(foreign).toHaveLength(1);
    const recorded = await db
      .select()
      .from(processedWebhookEvents)
      .where(eq(processedWebhookEvents.eventId, "evt_unknown"));
    expect(recorded).toEqual([]);
    expect(
      await deliver(sandbox().signWebhook(JSON.stringify({ id: "evt_other", type: "customer.created", data: {} }))),
    ).toEqual({ received: true });
  });
});
