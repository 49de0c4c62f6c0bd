import { brandTotalCents, influencerNetCents } from "@market/contracts";
import {
  applicationPrices,
  applications,
  type Db,
  eq,
  type LedgerTransactionKind,
  ledgerEntries,
  ledgerTransactions,
  paymentAttempts,
  payouts,
  sql,
} from "@market/db";
import { truncateAll, useTestDb } from "@market/db/testing";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import { waitingApplication } from "./applications";
import { type LedgerInvariant, ledgerViolations } from "./ledger-invariants";

let db: Db;
const clock = fixedClock(new Date("2026-06-01T12:00:00Z"));
const FEES = { brand: 10, influencer: 12.5 };

const testDb = useTestDb();
beforeAll(() => {
  db = testDb.db;
});
beforeEach(() => truncateAll(db));

/** Writes one ledger transaction as given, balanced or not (the balance trigger is off for the unbalanced ones). */
async function post(
  kind: LedgerTransactionKind,
  entries: Record<string, number>,
  links: { applicationId?: number; payoutId?: number } = {},
) {
  const unbalanced = Object.values(entries).reduce((sum, cents) => sum + cents, 0) !== 0;
  await db.transaction(async (tx) => {
    if (unbalanced) await tx.execute(sql`alter table ledger_entries disable trigger ledger_entries_balanced`);
    const [row] = await tx
      .insert(ledgerTransactions)
      .values({ kind, applicationId: links.applicationId ?? null, payoutId: links.payoutId ?? null })
      .returning();
    if (!row) throw new Error("no transaction");
    const lines = Object.entries(entries).map(([account, amountCents]) => ({
      transactionId: row.id,
      account,
      amountCents,
    }));
    if (lines.length > 0) await tx.insert(ledgerEntries).values(lines);
    if (unbalanced) await tx.execute(sql`alter table ledger_entries enable trigger ledger_entries_balanced`);
  });
}

/**
 * A hire paid the way money.md writes it: instagram ticked, fees copied, PROGRESS with B, one succeeded charge and
 * the payment into escrow. `charge` overrides the B written everywhere (to break the brand total on purpose).
 */
async function paidHire(charge?: (b: number) => number) {
  const app = await waitingApplication(db, clock);
  await db.update(applicationPrices).set({ hired: true }).where(eq(applicationPrices.applicationId, app.id));
  const [price] = await db.select().from(applicationPrices).where(eq(applicationPrices.applicationId, app.id));
  const p = price?.priceCents ?? 0;
  const b = (charge ?? ((cents) => cents))(brandTotalCents(p, FEES.brand));
  const i = influencerNetCents(p, FEES.influencer);
  await db
    .update(applications)
    .set({
      status: "PROGRESS",
      feeBrandPercent: FEES.brand,
      feeInfluencerPercent: FEES.influencer,
      paidAmountCents: b,
      paidAt: clock.now(),
    })
    .where(eq(applications.id, app.id));
  await db.insert(paymentAttempts).values({
    applicationId: app.id,
    attempt: 1,
    provider: "sandbox",
    providerIntentId: `pi_${app.id}`,
    status: "succeeded",
    amountCents: b,
    networks: ["instagram"],
    feeBrandPercent: FEES.brand,
    feeInfluencerPercent: FEES.influencer,
    idempotencyKey: `accept:${app.id}:1`,
  });
  await post("payment", { "external:stripe": -b, [`escrow:${app.id}`]: b }, { applicationId: app.id });
  const escrow = `escrow:${app.id}`;
  const influencer = `influencer:${app.influencer.id}`;
  return {
    id: app.id,
    influencerId: app.influencer.id,
    b,
    i,
    escrow,
    influencer,
    async release(entries: Record<string, number> = { [escrow]: -b, [influencer]: i, "platform:fees": b - i }) {
      await db
        .update(applications)
        .set({ status: "COMPLETE", releasedAt: clock.now() })
        .where(eq(applications.id, app.id));
      await post("release", entries, { applicationId: app.id });
    },
    async refund({ markRefunded = true } = {}) {
      await db
        .update(applications)
        .set({ status: "DENIED", ...(markRefunded ? { refundedAt: clock.now() } : {}) })
        .where(eq(applications.id, app.id));
      await post("refund", { [escrow]: -b, "external:stripe": b }, { applicationId: app.id });
    },
  };
}

async function payout(userId: number, amountCents: number, status: "processing" | "paid" | "failed" | "cancelled") {
  const [row] = await db
    .insert(payouts)
    .values({ userId, method: "paypal", amountCents, email: "me@paypal.test", status })
    .returning();
  if (!row) throw new Error("no payout");
  return row.id;
}

/** The invariants broken, whole ledger and scoped to the given applications. */
async function broken(applicationIds: number[] = []) {
  const names = (rows: { invariant: LedgerInvariant }[]) => [...new Set(rows.map((row) => row.invariant))].sort();
  return { whole: names(await ledgerViolations(db)), scoped: names(await ledgerViolations(db, { applicationIds })) };
}

describe("ledger invariants", () => {
  it("hold for money.md's movements: paid, released, refunded hires and payouts requested, paid and failed", async () => {
    const progress = await paidHire();
    const released = await paidHire();
    await released.release();
    const refunded = await paidHire();
    await refunded.refund();
    const influencer = released.influencerId;
    const request = async (id: number, amount: number) =>
      post("payout_request", { [`influencer:${influencer}`]: -amount, "payouts:pending": amount }, { payoutId: id });
    const pending = await payout(influencer, 1_000, "processing");
    await request(pending, 1_000);
    const paid = await payout(influencer, 2_000, "paid");
    await request(paid, 2_000);
    await post("payout_paid", { "payouts:pending": -2_000, "external:payouts": 2_000 }, { payoutId: paid });
    const failed = await payout(influencer, 3_000, "failed");
    await request(failed, 3_000);
    await post(
      "payout_failed",
      { "payouts:pending": -3_000, [`influencer:${influencer}`]: 3_000 },
      { payoutId: failed },
    );
    // A WAITING application with nothing paid holds too.
    const waiting = await waitingApplication(db, clock);

    expect(await ledgerViolations(db)).toEqual([]);
    expect(await ledgerViolations(db, { applicationIds: [progress.id, released.id, refunded.id, waiting.id] })).toEqual(
      [],
    );
  });

  it("name the unbalanced transaction, and a transaction without entries", async () => {
    const hire = await paidHire();
    await post("refund", { [hire.escrow]: -hire.b, "external:stripe": hire.b - 1 }, { applicationId: hire.id });
    await db
      .update(applications)
      .set({ status: "DENIED", refundedAt: clock.now() })
      .where(eq(applications.id, hire.id));
    expect(await broken([hire.id])).toEqual({
      whole: ["balanced", "movement", "zero_sum"],
      scoped: ["balanced", "movement"],
    });

    await truncateAll(db);
    await post("payout_request", {});
    expect((await broken()).whole).toEqual(["balanced"]);
  });

  it("catch escrow that is not B while PROGRESS", async () => {
    const hire = await paidHire();
    // Money leaving the escrow outside a release or refund (a payout-kind transaction of no application).
    await post("payout_request", { [hire.escrow]: -hire.b, "external:stripe": hire.b });
    expect(await broken([hire.id])).toEqual({ whole: ["escrow"], scoped: ["escrow"] });
  });

  it("catch escrow left after the application moved on", async () => {
    const hire = await paidHire();
    await db.update(applications).set({ status: "COMPLETE" }).where(eq(applications.id, hire.id));
    expect(await broken([hire.id])).toEqual({ whole: ["escrow", "settlements"], scoped: ["escrow", "settlements"] });
  });

  it("catch a PROGRESS application that was never paid", async () => {
    const app = await waitingApplication(db, clock);
    await db.update(applications).set({ status: "PROGRESS" }).where(eq(applications.id, app.id));
    expect(await broken([app.id])).toEqual({ whole: ["progress_paid"], scoped: ["progress_paid"] });
  });

  it("catch an influencer balance below zero, and an escrow below zero", async () => {
    const hire = await paidHire();
    await post("payout_paid", { [hire.influencer]: -500, "external:payouts": 500 });
    expect(await broken([hire.id])).toEqual({ whole: ["not_negative"], scoped: ["not_negative"] });

    await truncateAll(db);
    const other = await paidHire();
    await post("payout_request", { [other.escrow]: -other.b - 1, "external:stripe": other.b + 1 });
    expect((await broken([other.id])).scoped).toEqual(["escrow", "not_negative"]);
  });

  it("catch money in the escrow of no application", async () => {
    await post("payout_request", { "escrow:999999": 100, "external:stripe": -100 });
    expect((await broken()).whole).toEqual(["escrow_owner"]);
  });

  it("catch a B that is not the ticked networks' price with the brand fee", async () => {
    const hire = await paidHire((b) => b + 1);
    expect(await broken([hire.id])).toEqual({ whole: ["brand_total"], scoped: ["brand_total"] });
  });

  it("catch a release that pays the influencer other than I, or another influencer", async () => {
    const hire = await paidHire();
    await hire.release({ [hire.escrow]: -hire.b, [hire.influencer]: hire.i + 1, "platform:fees": hire.b - hire.i - 1 });
    expect(await broken([hire.id])).toEqual({ whole: ["movement"], scoped: ["movement"] });

    await truncateAll(db);
    const other = await paidHire();
    const stranger = await paidHire();
    await other.release({
      [other.escrow]: -other.b,
      [stranger.influencer]: other.i,
      "platform:fees": other.b - other.i,
    });
    expect((await broken([other.id])).scoped).toEqual(["movement"]);
  });

  it("catch a second charge of one application", async () => {
    const hire = await paidHire();
    await db.insert(paymentAttempts).values({
      applicationId: hire.id,
      attempt: 2,
      provider: "sandbox",
      status: "succeeded",
      amountCents: hire.b,
      networks: ["instagram"],
      feeBrandPercent: FEES.brand,
      feeInfluencerPercent: FEES.influencer,
      idempotencyKey: `accept:${hire.id}:2`,
    });
    expect(await broken([hire.id])).toEqual({ whole: ["payments"], scoped: ["payments"] });
  });

  it("catch a refund the application does not record, and a release after a refund", async () => {
    const hire = await paidHire();
    await hire.refund({ markRefunded: false });
    expect(await broken([hire.id])).toEqual({ whole: ["settlements"], scoped: ["settlements"] });

    await truncateAll(db);
    const twice = await paidHire();
    await twice.refund();
    await post(
      "release",
      { "external:stripe": -twice.b, [twice.influencer]: twice.i, "platform:fees": twice.b - twice.i },
      {
        applicationId: twice.id,
      },
    );
    expect((await broken([twice.id])).scoped).toContain("settlements");
  });

  it("catch a payout without its request, and payouts:pending that is not the processing payouts", async () => {
    const hire = await paidHire();
    await hire.release();
    await payout(hire.influencerId, 1_000, "processing");
    expect((await broken([hire.id])).whole).toEqual(["payouts"]);
    expect((await ledgerViolations(db)).map((row) => row.subject).sort()).toEqual(["payout 1", "payouts:pending"]);
  });
});
