import {
  applications,
  chatMessages,
  type Db,
  deals,
  eq,
  influencerProfiles,
  ledgerAccount,
  ledgerEntries,
  ledgerTransactions,
  type NewApplication,
  type NewPayout,
  payouts,
} from "@market/db";
import { useTestDb } from "@market/db/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../../clock";
import { callerFor, callFailure, campaignBody, createAdminUser, createBrand, createInfluencer } from "../../../testing";

let db: Db;
const NOW = new Date("2026-06-01T12:00:00Z");
const clock = fixedClock(NOW);
const at = (iso: string) => new Date(iso);

const testDb = useTestDb();
beforeAll(() => {
  db = testDb.db;
});

/** One balanced ledger transaction posted at a chosen time (the service's post uses the database's now()). */
async function post(kind: "payment" | "release", applicationId: number, when: string, entries: Record<string, number>) {
  const [transaction] = await db
    .insert(ledgerTransactions)
    .values({ kind, applicationId, createdAt: at(when) })
    .returning({ id: ledgerTransactions.id });
  if (!transaction) throw new Error("transaction not inserted");
  await db.insert(ledgerEntries).values(
    Object.entries(entries).map(([account, amountCents]) => ({
      transactionId: transaction.id,
      account,
      amountCents,
      createdAt: at(when),
    })),
  );
}

async function line(applicationId: number, type: "work_done" | "work_not_done" | "money_released", when: string) {
  await db.insert(chatMessages).values({
    applicationId,
    type,
    payload: type === "money_released" ? { type, automatic: when.endsWith("auto") } : null,
    createdAt: at(when.replace(" auto", "")),
  });
}

/**
 * A world of known money, its period the default last 30 days up to NOW (2026-05-02T12:00Z to 2026-06-01T12:00Z):
 *
 * - A: paid 05-10 (110.00), work done 05-10 12:00, released automatically 05-20 12:00 (240 h): fees 20.00.
 * - B: paid 05-15 (55.00), contested 05-18, done again 05-19 00:00, released by the brand 05-21 00:00 (48 h): fees 10.00.
 * - C: paid 04-01 (220.00, before the period), in PROGRESS, in arbitration: escrow.
 * - D: paid 05-25 (33.00), in PROGRESS: escrow.
 * - E: paid 04-01 (10.00) and released 04-15: fees 1.00, outside the period.
 * - Payouts: paid 05-20 and 05-28 (a retry of one failed 04-10), failed 05-22, processing sent 06-01 06:00 (within PayPal's day), sent 05-20
 *   (stuck), and only requested.
 */
async function world() {
  const brand = await createBrand(db);
  const influencers = await Promise.all([1, 2, 3, 4, 5].map(() => createInfluencer(db)));
  const [deal] = await db
    .insert(deals)
    .values({ ...campaignBody(clock), userId: brand.id, reviewStatus: "OK", networks: ["instagram"] } as never)
    .returning({ id: deals.id });
  if (!deal) throw new Error("deal not inserted");
  const hire = async (index: number, fields: Partial<NewApplication>) => {
    const influencer = influencers[index];
    if (!influencer) throw new Error("no such influencer");
    const [row] = await db
      .insert(applications)
      .values({
        dealId: deal.id,
        influencerId: influencer.id,
        brandId: brand.id,
        text: "Hired",
        expiration: at("2026-07-01T00:00:00Z"),
        feeBrandPercent: 10,
        feeInfluencerPercent: 10,
        ...fields,
      })
      .returning({ id: applications.id });
    if (!row) throw new Error("application not inserted");
    return row.id;
  };
  const a = await hire(0, {
    status: "COMPLETE",
    paidAt: at("2026-05-10T00:00:00Z"),
    releasedAt: at("2026-05-20T12:00:00Z"),
    paidAmountCents: 11_000,
  });
  await post("payment", a, "2026-05-10T00:00:00Z", {
    [ledgerAccount.stripe]: -11_000,
    [ledgerAccount.escrow(a)]: 11_000,
  });
  await line(a, "work_done", "2026-05-10T12:00:00Z");
  await post("release", a, "2026-05-20T12:00:00Z", {
    [ledgerAccount.escrow(a)]: -11_000,
    [ledgerAccount.influencer(influencers[0]?.id ?? 0)]: 9_000,
    [ledgerAccount.platformFees]: 2_000,
  });
  await line(a, "money_released", "2026-05-20T12:00:00Z auto");

  const b = await hire(1, {
    status: "COMPLETE",
    paidAt: at("2026-05-15T00:00:00Z"),
    releasedAt: at("2026-05-21T00:00:00Z"),
    paidAmountCents: 5_500,
  });
  await post("payment", b, "2026-05-15T00:00:00Z", {
    [ledgerAccount.stripe]: -5_500,
    [ledgerAccount.escrow(b)]: 5_500,
  });
  await line(b, "work_done", "2026-05-16T00:00:00Z");
  await line(b, "work_not_done", "2026-05-18T00:00:00Z");
  await line(b, "work_done", "2026-05-19T00:00:00Z");
  await post("release", b, "2026-05-21T00:00:00Z", {
    [ledgerAccount.escrow(b)]: -5_500,
    [ledgerAccount.influencer(influencers[1]?.id ?? 0)]: 4_500,
    [ledgerAccount.platformFees]: 1_000,
  });
  await line(b, "money_released", "2026-05-21T00:00:00Z");

  const c = await hire(2, {
    status: "PROGRESS",
    paidAt: at("2026-04-01T00:00:00Z"),
    paidAmountCents: 22_000,
    arbitrationOpenedAt: at("2026-05-30T00:00:00Z"),
  });
  await post("payment", c, "2026-04-01T00:00:00Z", {
    [ledgerAccount.stripe]: -22_000,
    [ledgerAccount.escrow(c)]: 22_000,
  });

  const d = await hire(3, { status: "PROGRESS", paidAt: at("2026-05-25T00:00:00Z"), paidAmountCents: 3_300 });
  await post("payment", d, "2026-05-25T00:00:00Z", {
    [ledgerAccount.stripe]: -3_300,
    [ledgerAccount.escrow(d)]: 3_300,
  });

  const e = await hire(4, {
    status: "COMPLETE",
    paidAt: at("2026-04-01T00:00:00Z"),
    releasedAt: at("2026-04-15T00:00:00Z"),
    paidAmountCents: 1_000,
  });
  await post("payment", e, "2026-04-01T00:00:00Z", {
    [ledgerAccount.stripe]: -1_000,
    [ledgerAccount.escrow(e)]: 1_000,
  });
  await line(e, "work_done", "2026-04-05T00:00:00Z");
  await post("release", e, "2026-04-15T00:00:00Z", {
    [ledgerAccount.escrow(e)]: -1_000,
    [ledgerAccount.influencer(influencers[4]?.id ?? 0)]: 900,
    [ledgerAccount.platformFees]: 100,
  });
  await line(e, "money_released", "2026-04-15T00:00:00Z auto");

  const payee = influencers[0]?.id ?? 0;
  const payout = async (fields: Partial<NewPayout>) => {
    const [row] = await db
      .insert(payouts)
      .values({ userId: payee, method: "paypal", email: "payee@test.example", amountCents: 1_000, ...fields })
      .returning({ id: payouts.id });
    return row?.id ?? 0;
  };
  await payout({ status: "paid", releaseDate: at("2026-05-20T00:00:00Z"), sentAt: at("2026-05-19T00:00:00Z") });
  const oldFailure = await payout({ status: "failed", failedAt: at("2026-04-10T00:00:00Z") });
  await payout({ status: "paid", releaseDate: at("2026-05-28T00:00:00Z"), retryOfPayoutId: oldFailure });
  await payout({ status: "failed", failedAt: at("2026-05-22T00:00:00Z") });
  await payout({ status: "processing", amountCents: 2_500, sentAt: at("2026-06-01T06:00:00Z") });
  await payout({ status: "processing", amountCents: 4_000, sentAt: at("2026-05-20T00:00:00Z") });
  await payout({ status: "processing", amountCents: 700 });

  // The review queue: two live deals not reviewed, one deleted; a flagged influencer.
  const waiting = await db
    .insert(deals)
    .values(
      [null, null, at("2026-05-31T00:00:00Z")].map(
        (deletedAt) => ({ ...campaignBody(clock), userId: brand.id, deletedAt, networks: ["youtube"] }) as never,
      ),
    )
    .returning({ id: deals.id });
  await db.update(influencerProfiles).set({ maybeFake: true }).where(eq(influencerProfiles.userId, payee));
  return { waiting };
}

describe("admin.console.dashboard", () => {
  it("counts each queue and computes each figure of the period exactly", async () => {
    await world();
    const admin = await createAdminUser(db);
    const asAdmin = await callerFor(db, { userId: admin.id }, clock);

    const view = await asAdmin.admin.console.dashboard.get({});
    expect(view.queues).toEqual({
      dealsAwaitingReview: 2,
      cases: 1,
      flaggedInfluencers: 1,
      appealsAwaitingDecision: 0,
      payoutsFailedOrStuck: 2,
      refundsAwaitingApproval: 0,
    });
    expect(await asAdmin.admin.console.dashboard.queues()).toEqual(view.queues);
    expect(view.figures).toEqual({
      period: { from: "2026-05-02T12:00:00.000Z", to: "2026-06-01T12:00:00.000Z" },
      gmvPaidInCents: 11_000 + 5_500 + 3_300,
      feesEarnedCents: 2_000 + 1_000,
      escrowHeldCents: 22_000 + 3_300,
      payoutsInFlight: { count: 3, amountCents: 2_500 + 4_000 + 700 },
      // 240 h (A) and 48 h (B, from its second work done).
      medianHoursWorkDoneToRelease: 144,
      autoReleaseShare: 0.5,
      // Of A, B and D, B was contested.
      contestedShare: 1 / 3,
      // Paid 05-20 and 05-28, failed 05-22.
      payoutFailureRate: 1 / 3,
    });

    // A custom period holding only April: E's release, its fee, and the April payout failure.
    const april = await asAdmin.admin.console.dashboard.get({
      from: at("2026-04-01T00:00:00Z"),
      to: at("2026-05-01T00:00:00Z"),
    });
    expect(april.figures).toMatchObject({
      gmvPaidInCents: 22_000 + 1_000,
      feesEarnedCents: 100,
      medianHoursWorkDoneToRelease: 240,
      autoReleaseShare: 1,
      contestedShare: 0,
      payoutFailureRate: 1,
    });
    // Now-figures do not depend on the period.
    expect(april.figures.escrowHeldCents).toBe(25_300);

    // A period without anything: shares are null, not 0.
    const empty = await asAdmin.admin.console.dashboard.get({
      from: at("2025-01-01T00:00:00Z"),
      to: at("2025-01-02T00:00:00Z"),
    });
    expect(empty.figures).toMatchObject({
      gmvPaidInCents: 0,
      feesEarnedCents: 0,
      medianHoursWorkDoneToRelease: null,
      autoReleaseShare: null,
      contestedShare: null,
      payoutFailureRate: null,
    });
  });

  it("refuses a period backwards, half given or longer than a year with invalid", async () => {
    const admin = await createAdminUser(db);
    const asAdmin = await callerFor(db, { userId: admin.id }, clock);
    for (const input of [
      { from: at("2026-05-02T00:00:00Z"), to: at("2026-05-01T00:00:00Z") },
      { from: at("2026-05-02T00:00:00Z") },
      { from: at("2024-01-01T00:00:00Z"), to: at("2026-01-01T00:00:00Z") },
      { days: 12 },
    ]) {
      expect(await callFailure(asAdmin.admin.console.dashboard.get(input as never))).toMatchObject({
        code: "BAD_REQUEST",
      });
    }
  });

  it("answers 403 to an admin acting as a user and to a brand", async () => {
    const admin = await createAdminUser(db);
    const brand = await createBrand(db);
    const acting = await callerFor(db, { userId: brand.id, impersonatorId: admin.id }, clock);
    const asBrand = await callerFor(db, { userId: brand.id }, clock);
    for (const caller of [acting, asBrand]) {
      expect(await callFailure(caller.admin.console.dashboard.queues())).toMatchObject({ code: "FORBIDDEN" });
    }
  });
});
