import { type Db, eq, isNotNull, notifications, outgoingMail, payouts } from "@market/db";
import { useTestDb } from "@market/db/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { mswServer } from "../../../../../scripts/test-setup/msw";
import { fixedClock } from "../../clock";
import { callerFor, callFailure, createInfluencer } from "../../testing";
import { fakeWise, WISE_TEST_OPTIONS } from "../../testing/msw/wise-handlers";
import { ledgerAccount } from "../ledger/accounts";
import { accountBalance } from "../ledger/balance";
import { mailQueue } from "../mail/mailer";
import { createTokenCipher, DEV_NETWORK_TOKEN_KEY } from "../networks/token-cipher";
import {
  type PayoutOrder,
  type PayoutOutcome,
  type PayoutProvider,
  type PayoutProviders,
  payoutReference,
  type SendOutcome,
} from "./provider";
import { SANDBOX_FAILURE_MESSAGE, sandboxPayoutProvider } from "./sandbox/sandbox-provider";
import { influencerWith, PAYOUT_TEST_PASSWORD, payoutViolations, paypalPayout } from "./testing/payout-fixtures";
import { createWisePayoutProvider, SCA_HOLD_REASON, WISE_BOUNCE_WATCH_MS } from "./wise/wise-provider";
import { backoffDelay, PAYOUT_CLAIM_MS, PAYOUT_HELD_POLL_MS, PAYOUT_MAX_POLL_MS, sweepPayouts } from "./worker";

let db: Db;
const clock = fixedClock(new Date("2026-03-02T10:00:00Z"));
const DELAY_MS = 30_000;

const testDb = useTestDb();
beforeAll(() => {
  db = testDb.db;
});

const sandboxes = (): PayoutProviders => ({
  paypal: sandboxPayoutProvider({ clock, delayMs: DELAY_MS, method: "paypal" }),
  transferwise: sandboxPayoutProvider({ clock, delayMs: DELAY_MS, method: "transferwise" }),
});

/** The cipher the test callers seal bank accounts with (testing/caller.ts). */
const tokenCipher = createTokenCipher(DEV_NETWORK_TOKEN_KEY);

function sweep(providers: PayoutProviders) {
  return sweepPayouts({ db, clock, payoutProviders: providers, mailer: mailQueue(clock), tokenCipher });
}

/**
 * A provider that, like the real ones, makes one transfer per reference and answers it again for a repeated
 * reference; it counts the transfers made and can be told to fail after a send (a crash between the provider's
 * answer and our record of it).
 */
function countingProvider() {
  const transfers = new Map<string, string>();
  const sends = new Map<string, number>();
  const state = { crashAfterSendOf: new Set<string>(), outcome: { status: "pending" } as PayoutOutcome };
  const provider: PayoutProvider = {
    name: "sandbox",
    async send(order: PayoutOrder): Promise<SendOutcome> {
      sends.set(order.reference, (sends.get(order.reference) ?? 0) + 1);
      const existing = transfers.get(order.reference) ?? `transfer-${order.reference}`;
      transfers.set(order.reference, existing);
      if (state.crashAfterSendOf.delete(order.reference)) {
        throw new Error("the instance died after the provider's answer");
      }
      return { status: "sent", providerReference: existing };
    },
    async status() {
      return state.outcome;
    },
  };
  return {
    provider,
    transfers,
    sends,
    state,
    providers: { paypal: provider, transferwise: provider } as PayoutProviders,
  };
}

async function payoutRow(id: number) {
  const [row] = await db.select().from(payouts).where(eq(payouts.id, id));
  if (!row) throw new Error("no payout");
  return row;
}

describe("the payout worker with the sandbox", () => {
  it("sends a requested payout, then after the delay records it paid: release date, payouts:pending -A, external:payouts +A", async () => {
    const { caller } = await influencerWith(db, clock, 5_000);
    const { payout } = await caller.earnings.requestPayout(paypalPayout(2_500));
    const providers = sandboxes();
    const paidOutBefore = await accountBalance(db, ledgerAccount.externalPayouts);

    expect(await sweep(providers)).toBeGreaterThanOrEqual(1);
    const sentAt = clock.now().toISOString();
    expect((await caller.earnings.payouts({})).items[0]).toMatchObject({ id: payout.id, state: "sent" });

    clock.advance(DELAY_MS / 2);
    await sweep(providers);
    expect((await payoutRow(payout.id)).status).toBe("processing");

    clock.advance(DELAY_MS);
    await sweep(providers);
    const paidAt = clock.now().toISOString();
    const [view] = (await caller.earnings.payouts({})).items;
    expect(view).toMatchObject({
      id: payout.id,
      state: "paid",
      releaseDate: paidAt,
      steps: [
        { step: "requested", at: payout.requestedAt },
        { step: "sent", at: sentAt },
        { step: "paid", at: paidAt },
      ],
      failure: null,
      canRetry: false,
    });
    expect(await accountBalance(db, ledgerAccount.externalPayouts)).toBe(paidOutBefore + 2_500);
    expect(await caller.account.balance()).toEqual({ balanceCents: 2_500 });
    expect(await payoutViolations(db)).toEqual([]);

    // Nothing more to do for it: a later pass changes nothing.
    clock.advance(DELAY_MS);
    await sweep(providers);
    expect(await accountBalance(db, ledgerAccount.externalPayouts)).toBe(paidOutBefore + 2_500);
  });

  it("fails a payout to an email containing 'fail': the money returns, the influencer is notified and mailed why", async () => {
    const { user, caller } = await influencerWith(db, clock, 5_000);
    const { payout } = await caller.earnings.requestPayout({ ...paypalPayout(3_000), email: "will.fail@example.com" });
    expect(await caller.account.balance()).toEqual({ balanceCents: 2_000 });
    const providers = sandboxes();
    await sweep(providers);
    clock.advance(DELAY_MS);
    await sweep(providers);

    const [view] = (await caller.earnings.payouts({})).items;
    expect(view).toMatchObject({
      id: payout.id,
      state: "failed",
      releaseDate: null,
      failure: { reason: "invalid_account", message: SANDBOX_FAILURE_MESSAGE },
      canRetry: true,
    });
    expect(view?.steps.map((step) => step.step)).toEqual(["requested", "sent", "failed"]);
    expect(await caller.account.balance()).toEqual({ balanceCents: 5_000 });
    const [notice] = await db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(notice).toMatchObject({ type: "payout_failed" });
    expect(notice?.text).toContain("$30.00 payout by PayPal to will.fail@example.com failed");
    const mails = await db.select().from(outgoingMail).where(eq(outgoingMail.to, user.email));
    expect(mails).toHaveLength(1);
    // The provider's sentence, quoted in brackets without its own full stop (settle.ts failureText).
    expect(mails[0]?.text).toContain(`(${SANDBOX_FAILURE_MESSAGE.replace(/\.$/, "")}).`);
    expect(await payoutViolations(db)).toEqual([]);
  });
});

describe("retrying a failed payout", () => {
  async function failedPayout(balance = 5_000, amount = 3_000) {
    const fixture = await influencerWith(db, clock, balance);
    const { payout } = await fixture.caller.earnings.requestPayout({
      ...paypalPayout(amount),
      email: "fail@example.com",
    });
    const providers = sandboxes();
    await sweep(providers);
    clock.advance(DELAY_MS);
    await sweep(providers);
    return { ...fixture, payout, providers };
  }

  it("retries to another method in one call, the amount taken again under the lock, then pays it", async () => {
    const { caller, payout, providers } = await failedPayout();
    const retry = await caller.earnings.retryPayout({
      id: payout.id,
      destination: {
        method: "transferwise",
        email: "ann@example.com",
        accountOwnerName: " Ann Lee ",
        password: PAYOUT_TEST_PASSWORD,
      },
    });
    expect(retry.balanceCents).toBe(2_000);
    expect(retry.payout).toMatchObject({
      method: "transferwise",
      amountCents: 3_000,
      email: "ann@example.com",
      accountOwnerName: "Ann Lee",
      state: "requested",
      retryOf: payout.id,
    });
    const items = (await caller.earnings.payouts({})).items;
    expect(items.find((item) => item.id === payout.id)).toMatchObject({ retriedBy: retry.payout.id, canRetry: false });

    await sweep(providers);
    clock.advance(DELAY_MS);
    await sweep(providers);
    expect((await payoutRow(retry.payout.id)).status).toBe("paid");
    expect(await payoutViolations(db)).toEqual([]);
  });

  it("retries to the same destination without the password, once only, even when asked twice at once", async () => {
    const { user, caller, payout } = await failedPayout();
    const second = await callerFor(db, { userId: user.id }, clock);
    const results = await Promise.allSettled([
      caller.earnings.retryPayout({ id: payout.id }),
      second.earnings.retryPayout({ id: payout.id }),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
    const done = results.find((result) => result.status === "fulfilled");
    expect(done?.status === "fulfilled" && done.value.payout).toMatchObject({
      method: "paypal",
      email: "fail@example.com",
      amountCents: 3_000,
    });
    expect(await callFailure(caller.earnings.retryPayout({ id: payout.id }))).toMatchObject({ reason: "conflict" });
    expect(await caller.account.balance()).toEqual({ balanceCents: 2_000 });
  });

  it("refuses a retry when the money was spent since, a payout not failed, another influencer's, a bad password", async () => {
    const { caller, payout } = await failedPayout(5_000, 3_000);
    await caller.earnings.requestPayout(paypalPayout(2_500));
    expect(await callFailure(caller.earnings.retryPayout({ id: payout.id }))).toMatchObject({
      reason: "not_enough_earnings",
    });
    const pending = (await caller.earnings.payouts({})).items.find((item) => item.state === "requested");
    expect(await callFailure(caller.earnings.retryPayout({ id: pending?.id ?? 0 }))).toMatchObject({
      reason: "conflict",
    });
    const stranger = await callerFor(db, { userId: (await createInfluencer(db)).id }, clock);
    expect(await callFailure(stranger.earnings.retryPayout({ id: payout.id }))).toMatchObject({ reason: "not_found" });
    expect((await stranger.earnings.payouts({})).items).toEqual([]);
    expect(
      await callFailure(
        caller.earnings.retryPayout({
          id: payout.id,
          destination: { method: "paypal", email: "x@example.com", password: "wrong" },
        }),
      ),
    ).toMatchObject({ reason: "bad_password" });
    expect(
      await callFailure(
        caller.earnings.retryPayout({
          id: payout.id,
          destination: { method: "paypal", email: "x@example.com" },
        } as never),
      ),
    ).toMatchObject({ reason: "invalid", issues: ["destination.password"] });
  });
});

describe("the payout worker's safety", () => {
  it("never pays twice when it crashes between the provider's answer and its record: the same reference again", async () => {
    const { caller } = await influencerWith(db, clock, 5_000);
    const { payout } = await caller.earnings.requestPayout(paypalPayout(2_000));
    const reference = payoutReference(payout.id);
    const fake = countingProvider();
    fake.state.crashAfterSendOf.add(reference);

    await sweep(fake.providers);
    expect(await payoutRow(payout.id)).toMatchObject({ sentAt: null, attempts: 1 });

    clock.advance(backoffDelay(1));
    await sweep(fake.providers);
    expect(fake.sends.get(reference)).toBe(2);
    expect(await payoutRow(payout.id)).toMatchObject({ providerReference: `transfer-${reference}`, attempts: 0 });

    fake.state.outcome = { status: "paid" };
    clock.advance(PAYOUT_CLAIM_MS);
    await sweep(fake.providers);
    expect(fake.sends.get(reference)).toBe(2);
    expect((await payoutRow(payout.id)).status).toBe("paid");
    expect(await payoutViolations(db)).toEqual([]);
  });

  it("lets a crashed instance's claim lapse, then another instance sends the payout", async () => {
    const { caller } = await influencerWith(db, clock, 5_000);
    const { payout } = await caller.earnings.requestPayout(paypalPayout(2_000));
    // An instance claimed it and died before doing anything.
    await db
      .update(payouts)
      .set({ claimedUntil: new Date(clock.now().getTime() + PAYOUT_CLAIM_MS) })
      .where(eq(payouts.id, payout.id));
    const reference = payoutReference(payout.id);
    const fake = countingProvider();
    await sweep(fake.providers);
    expect(fake.sends.get(reference)).toBeUndefined();
    clock.advance(PAYOUT_CLAIM_MS + 1);
    await sweep(fake.providers);
    expect(fake.sends.get(reference)).toBe(1);
  });

  it("sends each payout once when several instances sweep at once", async () => {
    const { caller } = await influencerWith(db, clock, 20_000);
    for (let n = 0; n < 4; n += 1) await caller.earnings.requestPayout(paypalPayout(2_000));
    const fake = countingProvider();
    await Promise.all([sweep(fake.providers), sweep(fake.providers), sweep(fake.providers)]);
    expect(fake.sends.size).toBeGreaterThanOrEqual(4);
    expect([...fake.sends.values()].every((count) => count === 1)).toBe(true);
  });

  it("records a failed outcome once even if the provider says so again, and a refusal at sending fails at once", async () => {
    const { caller } = await influencerWith(db, clock, 5_000);
    const { payout } = await caller.earnings.requestPayout(paypalPayout(2_000));
    const refusing: PayoutProvider = {
      name: "sandbox",
      send: async () => ({ status: "failed", reason: "rejected", message: "RECEIVER_UNCONFIRMED" }),
      status: async () => ({ status: "pending" }),
    };
    await sweep({ paypal: refusing, transferwise: refusing });
    expect(await payoutRow(payout.id)).toMatchObject({ status: "failed", failureReason: "rejected", sentAt: null });
    expect(await caller.account.balance()).toEqual({ balanceCents: 5_000 });
    await sweep({ paypal: refusing, transferwise: refusing });
    expect(await caller.account.balance()).toEqual({ balanceCents: 5_000 });
    expect(await payoutViolations(db)).toEqual([]);
  });

  it("with Wise, a crash after the transfer was made and funded sends again to the same transfer: paid once", async () => {
    const wise = fakeWise();
    mswServer.use(...wise.handlers);
    const real = createWisePayoutProvider(WISE_TEST_OPTIONS);
    let crash = true;
    const crashing: PayoutProvider = {
      name: "wise",
      async send(order) {
        const outcome = await real.send(order);
        if (crash) {
          crash = false;
          throw new Error("the instance died after Wise's answer");
        }
        return outcome;
      },
      status: (reference) => real.status(reference),
    };
    // Other tests' payouts are settled first so that only this one goes to Wise.
    await sweep(sandboxes());
    clock.advance(DELAY_MS);
    await sweep(sandboxes());
    const { caller } = await influencerWith(db, clock, 5_000);
    const { payout } = await caller.earnings.requestPayout(wiseBankPayout(4_000));
    const providers = { paypal: crashing, transferwise: crashing };
    await sweep(providers);
    clock.advance(backoffDelay(1));
    await sweep(providers);
    expect(wise.transfers.size).toBe(1);
    const [transfer] = [...wise.transfers.values()];
    expect(transfer?.funded).toBe(1);
    expect((await payoutRow(payout.id)).providerReference).toBe(String(transfer?.id));

    wise.setStatus(transfer?.id ?? 0, "outgoing_payment_sent");
    clock.advance(PAYOUT_CLAIM_MS);
    await sweep(providers);
    expect((await payoutRow(payout.id)).status).toBe("paid");
    expect(await caller.account.balance()).toEqual({ balanceCents: 1_000 });
    expect(await payoutViolations(db)).toEqual([]);
  });
});

const wiseBankPayout = (amountInCents: number) =>
  ({
    method: "transferwise",
    amountInCents,
    password: PAYOUT_TEST_PASSWORD,
    email: "ann@example.com",
    accountOwnerName: "Ann Lee",
    receiveBy: "bank",
    bankAccount: {
      routingNumber: "111000025",
      accountNumber: "12345678",
      accountType: "CHECKING",
      address: { country: "US", state: "NY", city: "New York", firstLine: "50 Branson Ave", postCode: "10025" },
    },
  }) as const;

describe("the payout worker with Wise", () => {
  /** Wise through the fake, on the test's clock; the other tests' payouts settled first so that only ours go there. */
  async function wiseWorld() {
    await sweep(sandboxes());
    clock.advance(DELAY_MS);
    await sweep(sandboxes());
    // Earlier tests' Wise payouts (their transfers in an earlier fake) are set aside: no more looks at them.
    await db.update(payouts).set({ nextAttemptAt: null, watchUntil: null }).where(isNotNull(payouts.nextAttemptAt));
    const wise = fakeWise();
    wise.state.now = () => clock.now().getTime();
    mswServer.use(...wise.handlers);
    const real = createWisePayoutProvider({ ...WISE_TEST_OPTIONS, now: () => clock.now() });
    const errors: string[] = [];
    const log = { info() {}, warn() {}, error: (_details: object, message: string) => void errors.push(message) };
    const providers = { paypal: real, transferwise: real };
    const run = () =>
      sweepPayouts({ db, clock, payoutProviders: providers, mailer: mailQueue(clock), tokenCipher, log });
    return { wise, run, errors };
  }

  it("seals the bank account, and reuses the quote and recipient of a failed try instead of making new ones", async () => {
    const { wise, run } = await wiseWorld();
    const { caller } = await influencerWith(db, clock, 5_000);
    const { payout } = await caller.earnings.requestPayout(wiseBankPayout(3_000));
    expect(payout).toMatchObject({ bankAccount: "Checking account ending in 5678", notice: null });
    const stored = await payoutRow(payout.id);
    expect(stored.bankAccount).not.toContain("12345678");
    expect(stored.bankAccountSummary).toBe("Checking account ending in 5678");

    wise.state.balanceShort = true;
    await run();
    expect(await payoutRow(payout.id)).toMatchObject({ sentAt: null, attempts: 1, providerState: expect.any(Object) });
    wise.state.balanceShort = false;
    clock.advance(backoffDelay(1));
    await run();
    expect([wise.quotes.size, wise.accounts.size, wise.transfers.size]).toEqual([1, 1, 1]);
    const [transfer] = [...wise.transfers.values()];
    expect(transfer).toMatchObject({ funded: 1, reference: `PAY${payout.id}` });
    expect((await payoutRow(payout.id)).providerReference).toBe(String(transfer?.id));
  });

  it("holds a payout Wise will not fund without strong customer authentication: the operator's log, the influencer's notice, no retry; cancelled after 14 days, the money is back", async () => {
    const { wise, run, errors } = await wiseWorld();
    wise.state.scaRequired = true;
    const { caller } = await influencerWith(db, clock, 5_000);
    const { payout } = await caller.earnings.requestPayout(wiseBankPayout(3_000));
    await run();
    expect(errors).toEqual([expect.stringContaining("strong customer authentication")]);
    const [view] = (await caller.earnings.payouts({})).items;
    expect(view).toMatchObject({ id: payout.id, state: "sent", notice: SCA_HOLD_REASON });
    // Looked at hourly, never funded again by the worker: the operator approves it in Wise or Wise cancels it.
    for (let hour = 0; hour < 3; hour += 1) {
      clock.advance(PAYOUT_HELD_POLL_MS);
      await run();
    }
    expect(wise.calls.filter((call) => call.operation.endsWith("/payments"))).toHaveLength(1);
    expect(errors).toHaveLength(1);
    const [transfer] = [...wise.transfers.values()];
    wise.setStatus(transfer?.id ?? 0, "cancelled");
    clock.advance(PAYOUT_HELD_POLL_MS);
    await run();
    expect(await payoutRow(payout.id)).toMatchObject({
      status: "failed",
      failureReason: "cancelled",
      holdReason: null,
    });
    expect(await caller.account.balance()).toEqual({ balanceCents: 5_000 });
    expect(await payoutViolations(db)).toEqual([]);
  });

  it("clears the hold once the operator funded the transfer in Wise, then pays", async () => {
    const { wise, run } = await wiseWorld();
    wise.state.scaRequired = true;
    const { caller } = await influencerWith(db, clock, 5_000);
    const { payout } = await caller.earnings.requestPayout(wiseBankPayout(2_000));
    await run();
    const [transfer] = [...wise.transfers.values()];
    wise.setStatus(transfer?.id ?? 0, "processing");
    clock.advance(PAYOUT_HELD_POLL_MS);
    await run();
    expect((await payoutRow(payout.id)).holdReason).toBeNull();
    wise.setStatus(transfer?.id ?? 0, "outgoing_payment_sent");
    clock.advance(PAYOUT_MAX_POLL_MS);
    await run();
    expect((await payoutRow(payout.id)).status).toBe("paid");
  });

  it("watches a paid payout for a bounce: refunded within 30 days, it fails as returned and its money comes back through the ledger", async () => {
    const { wise, run } = await wiseWorld();
    const { caller } = await influencerWith(db, clock, 5_000);
    const { payout } = await caller.earnings.requestPayout(wiseBankPayout(3_000));
    await run();
    const [transfer] = [...wise.transfers.values()];
    wise.setStatus(transfer?.id ?? 0, "outgoing_payment_sent");
    clock.advance(PAYOUT_CLAIM_MS);
    await run();
    const paidAt = clock.now();
    expect(await payoutRow(payout.id)).toMatchObject({
      status: "paid",
      watchUntil: new Date(paidAt.getTime() + WISE_BOUNCE_WATCH_MS),
    });
    expect(await caller.account.balance()).toEqual({ balanceCents: 2_000 });
    const paidOut = await accountBalance(db, ledgerAccount.externalPayouts);

    // Days later: "Outgoing Payment Sent => Bounced Back => Processing => Cancelled => Funds Refunded".
    clock.advance(3 * 86_400_000);
    wise.setStatus(transfer?.id ?? 0, "bounced_back");
    await run();
    expect((await payoutRow(payout.id)).status).toBe("paid");
    wise.setStatus(transfer?.id ?? 0, "funds_refunded");
    clock.advance(PAYOUT_MAX_POLL_MS);
    await run();
    expect(await payoutRow(payout.id)).toMatchObject({
      status: "failed",
      failureReason: "returned",
      failureMessage: "Wise: funds refunded",
      watchUntil: null,
      nextAttemptAt: null,
    });
    expect(await caller.account.balance()).toEqual({ balanceCents: 5_000 });
    expect(await accountBalance(db, ledgerAccount.externalPayouts)).toBe(paidOut - 3_000);
    const texts = await db
      .select({ type: notifications.type, text: notifications.text })
      .from(notifications)
      .where(eq(notifications.userId, (await payoutRow(payout.id)).userId));
    expect(texts).toContainEqual({
      type: "payout_failed",
      text: expect.stringContaining("failed: the money was sent back (Wise: funds refunded)"),
    });
    expect((await caller.earnings.payouts({})).items[0]).toMatchObject({ state: "failed", canRetry: true });
    expect(await payoutViolations(db)).toEqual([]);
  });

  it("stops watching a paid payout after 30 days: no more calls to Wise, still paid", async () => {
    const { wise, run } = await wiseWorld();
    const { caller } = await influencerWith(db, clock, 5_000);
    const { payout } = await caller.earnings.requestPayout(wiseBankPayout(3_000));
    await run();
    const [transfer] = [...wise.transfers.values()];
    wise.setStatus(transfer?.id ?? 0, "outgoing_payment_sent");
    clock.advance(PAYOUT_CLAIM_MS);
    await run();
    clock.advance(WISE_BOUNCE_WATCH_MS + PAYOUT_MAX_POLL_MS);
    await run();
    expect(await payoutRow(payout.id)).toMatchObject({ status: "paid", watchUntil: null, nextAttemptAt: null });
    const calls = wise.calls.length;
    clock.advance(PAYOUT_MAX_POLL_MS);
    await run();
    expect(wise.calls.length).toBe(calls);
    expect(await caller.account.balance()).toEqual({ balanceCents: 2_000 });
    expect(await payoutViolations(db)).toEqual([]);
  });
});
