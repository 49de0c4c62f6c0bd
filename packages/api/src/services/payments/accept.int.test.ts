import { DAY_MS, SANDBOX_TEST_CARDS } from "@market/contracts";
import {
  and,
  applicationPrices,
  applications,
  chatMessages,
  type Db,
  eq,
  insertSandboxSavedCard,
  ledgerEntries,
  ledgerTransactions,
  notifications,
  paymentAttempts,
  sandboxPaymentIntents,
  savedCards,
  users,
} from "@market/db";
import { useTestDb } from "@market/db/testing";
import { TRPCError } from "@trpc/server";
import { beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { applyTo, countingGateway, sandboxTokenOf, waitingApplication } from "../../testing";
import { assertLedgerInvariants } from "../../testing/ledger-invariants";
import { reasonOf } from "../../trpc-errors";
import { hashPassword } from "../auth/password";
import { IN_FLIGHT_MS } from "./attempts";
import { sandboxGateway } from "./sandbox/sandbox-gateway";

let db: Db;
const clock = fixedClock(new Date("2026-06-01T12:00:00Z"));
const PASSWORD = "the brand's password";

const testDb = useTestDb();
beforeAll(() => {
  db = testDb.db;
});

/** B of the fixture's proposal: instagram at $1,250 with the 10 % brand fee. */
const B = 137_500;

/** A WAITING application whose brand pays through a counted sandbox. */
async function hire(options: { expiresInDays?: number } = {}) {
  const counted = countingGateway(sandboxGateway({ db, clock }));
  const app = await waitingApplication(db, clock, { ...options, payments: counted.gateway });
  const brand = app.callers.brand;
  const accept = (cardOptions: Record<string, unknown>, overrides: Record<string, unknown> = {}) =>
    brand.applications.accept({
      id: app.id,
      frontendPriceInCents: B,
      networks: ["instagram"],
      cardOptions,
      ...overrides,
    } as never);
  const payWith = async (number: string = SANDBOX_TEST_CARDS.succeeds, extra: Record<string, unknown> = {}) =>
    accept({ token: await sandboxTokenOf(brand, number), ...extra });
  return { ...app, calls: counted.calls, gateway: counted.gateway, accept, payWith };
}

/** The refusal of a call: its reason, message and the fields it names. */
async function refusal(call: Promise<unknown>) {
  try {
    await call;
  } catch (error) {
    if (!(error instanceof TRPCError)) throw error;
    const cause = error.cause as { issues?: { path: PropertyKey[]; message: string }[] } | undefined;
    return {
      reason: reasonOf(error),
      message: error.message,
      issues: (cause?.issues ?? []).map((issue) => `${issue.path.join(".")}: ${issue.message}`),
    };
  }
  throw new Error("the call succeeded");
}

const rowOf = async (id: number) => (await db.select().from(applications).where(eq(applications.id, id)))[0];
const attemptsOf = (id: number) =>
  db.select().from(paymentAttempts).where(eq(paymentAttempts.applicationId, id)).orderBy(paymentAttempts.attempt);
const paymentsOf = (id: number) =>
  db
    .select()
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.applicationId, id), eq(ledgerTransactions.kind, "payment")));
const entriesOf = async (transactionId: number) =>
  Object.fromEntries(
    (await db.select().from(ledgerEntries).where(eq(ledgerEntries.transactionId, transactionId))).map((entry) => [
      entry.account,
      entry.amountCents,
    ]),
  );

async function expectUnpaid(id: number) {
  expect(await rowOf(id)).toMatchObject({ status: "WAITING", paidAmountCents: 0, paidAt: null, feeBrandPercent: null });
  expect(await paymentsOf(id)).toEqual([]);
  await assertLedgerInvariants(db, { applicationIds: [id] });
}

describe("applications.accept with a new card", () => {
  it("pays with 4242…: in progress, fees copied, hired, the attempt, the ledger, the chat and the influencer told", async () => {
    const app = await hire();
    expect(await app.payWith()).toEqual({ requiresAction: false });

    expect(await rowOf(app.id)).toMatchObject({
      status: "PROGRESS",
      feeBrandPercent: 10,
      feeInfluencerPercent: 10,
      paidAmountCents: B,
      paidAt: clock.now(),
      updatedAt: clock.now(),
    });
    const prices = await db.select().from(applicationPrices).where(eq(applicationPrices.applicationId, app.id));
    expect(prices.map((price) => [price.networkType, price.hired])).toEqual([["instagram", true]]);
    const [attempt] = await attemptsOf(app.id);
    expect(attempt).toMatchObject({
      attempt: 1,
      provider: "sandbox",
      status: "succeeded",
      amountCents: B,
      networks: ["instagram"],
      feeBrandPercent: 10,
      idempotencyKey: `accept:${app.id}:1`,
      error: null,
    });
    const intent = await db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, attempt?.providerIntentId ?? ""));
    expect(intent[0]).toMatchObject({ idempotencyKey: `accept:${app.id}:1`, amountCents: B, status: "succeeded" });
    const [payment] = await paymentsOf(app.id);
    expect(payment?.idempotencyKey).toBe(`payment:${app.id}`);
    expect(await entriesOf(payment?.id ?? 0)).toEqual({ "external:stripe": -B, [`escrow:${app.id}`]: B });
    const messages = await db.select().from(chatMessages).where(eq(chatMessages.applicationId, app.id));
    expect(messages.filter((message) => message.type === "payment")).toEqual([
      expect.objectContaining({
        senderId: app.brand.id,
        payload: { type: "payment", amountCents: 125_000, feePercent: 10 },
        createdAt: clock.now(),
      }),
    ]);
    const told = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.applicationId, app.id), eq(notifications.type, "payment")));
    expect(told.map((note) => [note.userId, note.senderId])).toEqual([[app.influencer.id, app.brand.id]]);
    expect(app.calls.charge).toBe(1);
    await assertLedgerInvariants(db, { applicationIds: [app.id] });
  });

  it("hires only the ticked networks and charges their total with the fee", async () => {
    const app = await hire();
    await app.callers.influencer.applications.update({
      id: app.id,
      expiration: new Date(clock.now().getTime() + 30 * DAY_MS),
      prices: [
        { networkId: app.instagram, price: 1250, creationDays: 5 },
        { networkId: app.youtube, price: 333, creationDays: 3 },
      ],
    });
    // $333 + 10 % on youtube alone: 36,630 cents.
    const token = await sandboxTokenOf(app.callers.brand);
    const result = await app.accept({ token }, { frontendPriceInCents: 36_630, networks: ["youtube", "youtube"] });
    expect(result).toEqual({ requiresAction: false });
    const prices = await db
      .select()
      .from(applicationPrices)
      .where(eq(applicationPrices.applicationId, app.id))
      .orderBy(applicationPrices.networkType);
    expect(prices.map((price) => [price.networkType, price.hired])).toEqual([
      ["instagram", false],
      ["youtube", true],
    ]);
    expect(await rowOf(app.id)).toMatchObject({ paidAmountCents: 36_630 });
    await assertLedgerInvariants(db, { applicationIds: [app.id] });
  });

  it("refuses a price the server does not compute as price_changed, and charges nothing", async () => {
    const app = await hire();
    const token = await sandboxTokenOf(app.callers.brand);
    expect(await refusal(app.accept({ token }, { frontendPriceInCents: B - 1 }))).toMatchObject({
      reason: "price_changed",
    });
    expect(await refusal(app.accept({ token }, { frontendPriceInCents: 125_000 }))).toMatchObject({
      reason: "price_changed",
    });
    expect(app.calls.charge).toBe(0);
    expect(await attemptsOf(app.id)).toEqual([]);
    await expectUnpaid(app.id);
  });

  it("checks the usage rights the checkout showed: changed since without the price, price_changed and nothing charged", async () => {
    const app = await hire();
    // What the brand's checkout reads before paying: the page's prices with their rights.
    const page = await app.callers.brand.applications.get({ id: app.id });
    expect(page.prices.map((line) => [line.network, line.usageRights])).toEqual([["instagram", { kind: "organic" }]]);
    const shown = [{ network: "instagram", usageRights: { kind: "organic" } }];
    // The influencer grants a licence at the same price while the checkout is open.
    const licensed = { kind: "licensed", months: 6, territory: "worldwide" } as const;
    const [current] = await db.select().from(applications).where(eq(applications.id, app.id));
    await app.callers.influencer.applications.update({
      id: app.id,
      expiration: current?.expiration as Date,
      prices: [{ networkId: app.instagram, price: 1250, creationDays: 5, usageRights: licensed }],
    });
    const token = await sandboxTokenOf(app.callers.brand);
    expect(await refusal(app.accept({ token }, { usageRights: shown }))).toMatchObject({
      reason: "price_changed",
      message: "The usage rights have changed. Please check them and try again.",
    });
    expect(app.calls.charge).toBe(0);
    expect(await attemptsOf(app.id)).toEqual([]);
    await expectUnpaid(app.id);
    // Read again, the checkout shows the licence; paying for it goes through.
    await app.accept({ token }, { usageRights: [{ network: "instagram", usageRights: licensed }] });
    expect(app.calls.charge).toBe(1);
    const [line] = await db.select().from(applicationPrices).where(eq(applicationPrices.applicationId, app.id));
    expect(line).toMatchObject({ hired: true, usageRights: licensed });
  });

  it("refuses a ticked network the proposal does not price, on its field", async () => {
    const app = await hire();
    const token = await sandboxTokenOf(app.callers.brand);
    expect(await refusal(app.accept({ token }, { networks: ["instagram", "youtube"] }))).toMatchObject({
      reason: "invalid",
      issues: ["networks.1: This network is not in the proposal."],
    });
    expect(app.calls.charge).toBe(0);
  });

  it("answers payment_failed with Stripe's message for 4000 0000 0000 0002, records the attempt, and pays on the next card", async () => {
    const app = await hire();
    expect(await refusal(app.payWith(SANDBOX_TEST_CARDS.declined))).toEqual({
      reason: "payment_failed",
      message: "Your card was declined.",
      issues: ["cardOptions: Your card was declined."],
    });
    const [failed] = await attemptsOf(app.id);
    expect(failed).toMatchObject({ attempt: 1, status: "failed" });
    expect(JSON.parse(failed?.error ?? "")).toEqual({ code: "card_declined", message: "Your card was declined." });
    await expectUnpaid(app.id);

    expect(await refusal(app.payWith("4000000000000069"))).toMatchObject({ message: "Your card has expired." });
    expect(await app.payWith()).toEqual({ requiresAction: false });
    expect((await attemptsOf(app.id)).map((attempt) => [attempt.attempt, attempt.status])).toEqual([
      [1, "failed"],
      [2, "failed"],
      [3, "succeeded"],
    ]);
    expect(await paymentsOf(app.id)).toHaveLength(1);
    await assertLedgerInvariants(db, { applicationIds: [app.id] });
  });

  it("pays only as the brand that made the card's token, once (the sandbox keeps Stripe's contract)", async () => {
    const first = await hire();
    const second = await hire();
    const spent = await sandboxTokenOf(first.callers.brand);
    expect(await first.accept({ token: spent })).toEqual({ requiresAction: false });
    // Another brand with that token (spent, and not its own), then with a fresh one of the first brand: refused,
    // nothing paid; its own token pays. (A token's second use by its own brand: sandbox-gateway.int.)
    expect(await refusal(second.accept({ token: spent }))).toMatchObject({ reason: "payment_failed" });
    const othersToken = await sandboxTokenOf(first.callers.brand);
    expect(await refusal(second.accept({ token: othersToken }))).toMatchObject({ reason: "payment_failed" });
    await expectUnpaid(second.id);
    expect(await second.payWith()).toEqual({ requiresAction: false });
  });

  it("refuses a second accept once paid as closed, without charging again", async () => {
    const app = await hire();
    await app.payWith();
    expect(await refusal(app.payWith())).toMatchObject({ reason: "closed" });
    expect(app.calls.charge).toBe(1);
    expect(await paymentsOf(app.id)).toHaveLength(1);
  });
});

describe("applications.accept with 4000 0027 6000 3184 (authentication)", () => {
  it("answers requiresAction with the intent's secret, and completes with confirmToken once approved", async () => {
    const app = await hire();
    const first = await app.payWith(SANDBOX_TEST_CARDS.requiresAuthentication);
    if (!first.requiresAction) throw new Error("paid without authentication");
    const [attempt] = await attemptsOf(app.id);
    expect(attempt).toMatchObject({ status: "requires_action" });
    await expectUnpaid(app.id);

    const { intentId } = await app.callers.brand.payments.sandboxAuthenticate({
      intentSecret: first.intentSecret,
      approve: true,
    });
    expect(intentId).toBe(attempt?.providerIntentId);
    expect(await app.accept({ confirmToken: intentId })).toEqual({ requiresAction: false });
    // A second confirmation (a double click, a retry) answers paid and changes nothing.
    expect(await app.accept({ confirmToken: intentId })).toEqual({ requiresAction: false });
    expect(await rowOf(app.id)).toMatchObject({ status: "PROGRESS", paidAmountCents: B });
    expect(await paymentsOf(app.id)).toHaveLength(1);
    expect(app.calls.charge).toBe(1);
    await assertLedgerInvariants(db, { applicationIds: [app.id] });
  });

  it("completes the payment from the provider's event even if the browser never confirms", async () => {
    const app = await hire();
    const first = await app.payWith(SANDBOX_TEST_CARDS.requiresAuthentication);
    if (!first.requiresAction) throw new Error("paid without authentication");
    await app.callers.brand.payments.sandboxAuthenticate({ intentSecret: first.intentSecret, approve: true });
    expect(await rowOf(app.id)).toMatchObject({ status: "PROGRESS", paidAmountCents: B });
    expect((await attemptsOf(app.id))[0]).toMatchObject({ status: "succeeded" });
    await assertLedgerInvariants(db, { applicationIds: [app.id] });
  });

  it("answers payment_failed with the authentication message when the brand fails the step", async () => {
    const app = await hire();
    const first = await app.payWith(SANDBOX_TEST_CARDS.requiresAuthentication);
    if (!first.requiresAction) throw new Error("paid without authentication");
    const { intentId } = await app.callers.brand.payments.sandboxAuthenticate({
      intentSecret: first.intentSecret,
      approve: false,
    });
    expect((await attemptsOf(app.id))[0]).toMatchObject({ status: "failed" });
    expect(await refusal(app.accept({ confirmToken: intentId }))).toMatchObject({
      reason: "payment_failed",
      message: expect.stringContaining("unable to authenticate"),
    });
    await expectUnpaid(app.id);
  });

  it("answers requiresAction again to a confirmation before the step, and not_found for an intent not of this application", async () => {
    const app = await hire();
    const other = await hire();
    const first = await app.payWith(SANDBOX_TEST_CARDS.requiresAuthentication);
    if (!first.requiresAction) throw new Error("paid without authentication");
    const [attempt] = await attemptsOf(app.id);
    const intentId = attempt?.providerIntentId ?? "";
    expect(await app.accept({ confirmToken: intentId })).toEqual(first);
    const foreign = other.callers.brand.applications.accept({
      id: other.id,
      frontendPriceInCents: B,
      networks: ["instagram"],
      cardOptions: { confirmToken: intentId },
    });
    expect(await refusal(foreign)).toMatchObject({ reason: "not_found" });
    expect(await refusal(app.accept({ confirmToken: "pi_made_up" }))).toMatchObject({ reason: "not_found" });
    // The other brand cannot pass this brand's authentication step either.
    const step = other.callers.brand.payments.sandboxAuthenticate({ intentSecret: first.intentSecret, approve: true });
    expect(await refusal(step)).toMatchObject({ reason: "not_found" });
    await expectUnpaid(app.id);
  });

  it("gives the money back when the application moved on before the approval: declined meanwhile", async () => {
    const app = await hire();
    const first = await app.payWith(SANDBOX_TEST_CARDS.requiresAuthentication);
    if (!first.requiresAction) throw new Error("paid without authentication");
    await app.callers.brand.applications.decline({ id: app.id, reason: "PRICE_TOO_HIGH" });
    const { intentId } = await app.callers.brand.payments.sandboxAuthenticate({
      intentSecret: first.intentSecret,
      approve: true,
    });
    const [attempt] = await attemptsOf(app.id);
    expect(attempt).toMatchObject({ status: "canceled", providerRefundId: expect.stringMatching(/^re_sandbox_/) });
    expect(JSON.parse(attempt?.error ?? "")).toEqual({ refundedBecause: "closed" });
    const [intent] = await db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, intentId));
    expect(intent?.refundId).toBe(attempt?.providerRefundId);
    expect(await refusal(app.accept({ confirmToken: intentId }))).toMatchObject({
      reason: "closed",
      message: expect.stringContaining("refunded"),
    });
    expect(app.calls.refund).toBe(1);
    expect(await rowOf(app.id)).toMatchObject({ status: "DENIED", paidAmountCents: 0 });
    expect(await paymentsOf(app.id)).toEqual([]);
    await assertLedgerInvariants(db, { applicationIds: [app.id] });
  });

  it("gives the money back when the influencer changed the price before the approval", async () => {
    const app = await hire();
    const first = await app.payWith(SANDBOX_TEST_CARDS.requiresAuthentication);
    if (!first.requiresAction) throw new Error("paid without authentication");
    await app.callers.influencer.applications.update({
      id: app.id,
      expiration: new Date(clock.now().getTime() + 30 * DAY_MS),
      prices: [{ networkId: app.instagram, price: 1500, creationDays: 5 }],
    });
    const { intentId } = await app.callers.brand.payments.sandboxAuthenticate({
      intentSecret: first.intentSecret,
      approve: true,
    });
    expect(await refusal(app.accept({ confirmToken: intentId }))).toMatchObject({ reason: "price_changed" });
    expect((await attemptsOf(app.id))[0]).toMatchObject({ status: "canceled" });
    await expectUnpaid(app.id);
    // At the new price the brand pays again: $1,500 + 10 %.
    const token = await sandboxTokenOf(app.callers.brand);
    expect(await app.accept({ token }, { frontendPriceInCents: 165_000 })).toEqual({ requiresAction: false });
    expect(await rowOf(app.id)).toMatchObject({ status: "PROGRESS", paidAmountCents: 165_000 });
  });

  it("lets a new card pay while an earlier attempt waits for its authentication, and refunds the earlier if it passes later", async () => {
    const app = await hire();
    const first = await app.payWith(SANDBOX_TEST_CARDS.requiresAuthentication);
    if (!first.requiresAction) throw new Error("paid without authentication");
    await app.payWith();
    await app.callers.brand.payments.sandboxAuthenticate({ intentSecret: first.intentSecret, approve: true });
    expect((await attemptsOf(app.id)).map((attempt) => attempt.status)).toEqual(["canceled", "succeeded"]);
    expect(await paymentsOf(app.id)).toHaveLength(1);
    await assertLedgerInvariants(db, { applicationIds: [app.id] });
  });
});

describe("applications.accept with the saved card", () => {
  it("saves the card when asked (masked, month on 2 digits), then pays with it and the password", async () => {
    const first = await hire();
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(PASSWORD) })
      .where(eq(users.id, first.brand.id));
    await first.payWith(SANDBOX_TEST_CARDS.succeeds, { saveCard: true });
    expect(await first.callers.brand.account.card()).toEqual({
      type: "visa",
      last4: "4242",
      expMonth: "04",
      expYear: 2030,
    });
    // A second influencer's proposal to the same campaign, priced as the first.
    const influencer = await applyTo(db, { id: first.dealId, brandId: first.brand.id }, clock.now());
    const [second] = await db.select().from(applications).where(eq(applications.influencerId, influencer.id));
    if (!second) throw new Error("no second application");
    await db
      .insert(applicationPrices)
      .values({ applicationId: second.id, networkType: "instagram", priceCents: 125_000, creationDays: 5 });
    const accept = (password?: string) =>
      first.callers.brand.applications.accept({
        id: second.id,
        frontendPriceInCents: B,
        networks: ["instagram"],
        cardOptions: { useExistingCard: true },
        ...(password === undefined ? {} : { password }),
      });

    expect(await refusal(accept("not the password"))).toMatchObject({
      reason: "bad_password",
      issues: ["password: Bad password"],
    });
    expect(await refusal(accept())).toMatchObject({ reason: "bad_password" });
    expect(first.calls.charge).toBe(1);
    expect(await accept(PASSWORD)).toEqual({ requiresAction: false });
    expect(first.calls.charge).toBe(2);
    expect(await rowOf(second.id)).toMatchObject({ status: "PROGRESS", paidAmountCents: B });
    await assertLedgerInvariants(db, { applicationIds: [first.id, second.id] });
  });

  it("pays with a saved card as the demo seed and the browser tests' users hold it", async () => {
    const app = await hire();
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(PASSWORD) })
      .where(eq(users.id, app.brand.id));
    await insertSandboxSavedCard(db, app.brand.id, 2030, `seeded_${app.brand.id}`);
    expect(await app.callers.brand.account.card()).toMatchObject({ last4: "4242", expMonth: "04" });
    expect(await app.accept({ useExistingCard: true }, { password: PASSWORD })).toEqual({ requiresAction: false });
    await assertLedgerInvariants(db, { applicationIds: [app.id] });
  });

  it("ignores an expired saved card, and one saved with another gateway", async () => {
    const app = await hire();
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(PASSWORD) })
      .where(eq(users.id, app.brand.id));
    const insert = (expYear: number, provider: "sandbox" | "stripe") =>
      db
        .insert(savedCards)
        .values({
          userId: app.brand.id,
          provider,
          providerCustomerId: "cus_x",
          providerPaymentMethodId: "pm_x",
          brand: "visa",
          last4: "4242",
          expMonth: 5,
          expYear,
        })
        .onConflictDoUpdate({ target: savedCards.userId, set: { expYear, provider } });
    for (const [expYear, provider] of [
      [2026, "sandbox"],
      [2030, "stripe"],
    ] as const) {
      await insert(expYear === 2026 ? 2025 : expYear, provider);
      expect(await app.callers.brand.account.card()).toBeNull();
      expect(await refusal(app.accept({ useExistingCard: true }, { password: PASSWORD }))).toMatchObject({
        reason: "invalid",
        issues: [expect.stringMatching(/^cardOptions.useExistingCard: There is no saved card/)],
      });
    }
    expect(app.calls.charge).toBe(0);
  });

  it("counts wrong passwords and refuses with rate_limited past 10 in 15 minutes", async () => {
    const app = await hire();
    for (let index = 0; index < 10; index += 1) {
      expect((await refusal(app.accept({ useExistingCard: true }, { password: "wrong" }))).reason).toBe("bad_password");
    }
    expect((await refusal(app.accept({ useExistingCard: true }, { password: "wrong" }))).reason).toBe("rate_limited");
  });
});

describe("applications.accept: who and when", () => {
  it("is for the application's brand: the influencer is forbidden, another brand not_found, a visitor unauthorized", async () => {
    const app = await hire();
    const body = {
      id: app.id,
      frontendPriceInCents: B,
      networks: ["instagram" as const],
      cardOptions: { token: "pm_x" },
    };
    expect((await refusal(app.callers.influencer.applications.accept(body))).reason).toBe("forbidden");
    expect((await refusal(app.callers.adminAsInfluencer.applications.accept(body))).reason).toBe("forbidden");
    expect((await refusal(app.callers.otherBrand.applications.accept(body))).reason).toBe("not_found");
    expect((await refusal(app.callers.otherInfluencer.applications.accept(body))).reason).toBe("not_found");
    expect((await refusal(app.callers.visitor.applications.accept(body))).reason).toBe("unauthorized");
    expect((await refusal(app.callers.brand.applications.accept({ ...body, id: 999_999 }))).reason).toBe("not_found");
    expect(app.calls.charge).toBe(0);
  });

  it("lets an admin acting as the brand pay", async () => {
    const app = await hire();
    const token = await sandboxTokenOf(app.callers.adminAsBrand);
    const result = await app.callers.adminAsBrand.applications.accept({
      id: app.id,
      frontendPriceInCents: B,
      networks: ["instagram"],
      cardOptions: { token },
    });
    expect(result).toEqual({ requiresAction: false });
    const [message] = await db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.applicationId, app.id), eq(chatMessages.type, "payment")));
    expect(message).toMatchObject({ senderId: app.brand.id, impersonatorId: app.admin.id });
  });

  it("refuses a proposal past its expiration as expired", async () => {
    const app = await hire({ expiresInDays: 1 });
    const token = await sandboxTokenOf(app.callers.brand);
    clock.advance(2 * DAY_MS);
    try {
      expect(await refusal(app.accept({ token }))).toMatchObject({ reason: "expired" });
    } finally {
      clock.advance(-2 * DAY_MS);
    }
    expect(app.calls.charge).toBe(0);
  });

  it("refuses while another attempt is being charged, until that attempt is too old to be in flight", async () => {
    const app = await hire();
    await db.insert(paymentAttempts).values({
      applicationId: app.id,
      attempt: 1,
      provider: "sandbox",
      status: "pending",
      amountCents: B,
      networks: ["instagram"],
      feeBrandPercent: 10,
      feeInfluencerPercent: 10,
      idempotencyKey: `accept:${app.id}:1`,
      createdAt: clock.now(),
    });
    expect(await refusal(app.payWith())).toMatchObject({ reason: "conflict" });
    clock.advance(IN_FLIGHT_MS + 1);
    try {
      expect(await app.payWith()).toEqual({ requiresAction: false });
    } finally {
      clock.advance(-(IN_FLIGHT_MS + 1));
    }
    expect((await attemptsOf(app.id)).map((attempt) => [attempt.attempt, attempt.status])).toEqual([
      [1, "pending"],
      [2, "succeeded"],
    ]);
  });

  it("refuses a body that gives no card, or two", async () => {
    const app = await hire();
    expect((await refusal(app.accept({}))).reason).toBe("invalid");
    expect((await refusal(app.accept({ token: "pm_x", useExistingCard: true }))).reason).toBe("invalid");
    expect((await refusal(app.accept({ token: "pm_x" }, { networks: [] }))).reason).toBe("invalid");
  });
});
