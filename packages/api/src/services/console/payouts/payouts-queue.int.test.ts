import { PAYOUT_EXPECTED_MS, type PayoutProviderName } from "@market/contracts";
import {
  adminAuditLog,
  and,
  type Db,
  desc,
  eq,
  ledgerTransactions,
  notifications,
  outgoingMail,
  payouts,
} from "@market/db";
import { useTestDb } from "@market/db/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../../clock";
import { callerFor, callFailure, createAdminUser } from "../../../testing";
import { ledgerAccount } from "../../ledger/accounts";
import { accountBalance } from "../../ledger/balance";
import { mailQueue } from "../../mail/mailer";
import { createTokenCipher, DEV_NETWORK_TOKEN_KEY } from "../../networks/token-cipher";
import type { PayoutProvider, PayoutProviders } from "../../payouts/provider";
import { sandboxPayoutProvider } from "../../payouts/sandbox/sandbox-provider";
import { influencerWith, payoutViolations, paypalPayout } from "../../payouts/testing/payout-fixtures";
import { sweepPayouts } from "../../payouts/worker";

let db: Db;
const clock = fixedClock(new Date("2026-03-02T10:00:00Z"));
const MINUTE = 60_000;
const testDb = useTestDb();
beforeAll(() => {
  db = testDb.db;
});

/** The sandbox pays after 30 s, or (slow) never within the tests: a sent payout then stays unanswered. */
const sandboxes = (delayMs = 30_000): PayoutProviders => ({
  paypal: sandboxPayoutProvider({ clock, delayMs, method: "paypal" }),
  transferwise: sandboxPayoutProvider({ clock, delayMs, method: "transferwise" }),
});

/** Wise asking for strong customer authentication: the payout is held. */
const holding: PayoutProvider = {
  name: "wise",
  send: async (order) => ({
    status: "held",
    providerReference: `held-${order.reference}`,
    reason: "Waiting for the platform to approve the transfer.",
    detail: "approve it in Wise",
  }),
  status: async () => ({ status: "pending", awaitingFunding: true }),
};

const tokenCipher = createTokenCipher(DEV_NETWORK_TOKEN_KEY);
const sweep = (providers: PayoutProviders) =>
  sweepPayouts({ db, clock, payoutProviders: providers, mailer: mailQueue(clock), tokenCipher });

async function adminCaller() {
  const admin = await createAdminUser(db);
  return { admin, caller: await callerFor(db, { userId: admin.id }, clock) };
}

/** An influencer's payout of $20 in the state asked, through the product's own paths. */
async function payoutIn(state: "failed" | "held" | "stuck" | "sent") {
  const { user, caller } = await influencerWith(db, clock, 10_000);
  const email = state === "failed" ? "fail@example.com" : "me@example.com";
  const { payout } = await caller.earnings.requestPayout({ ...paypalPayout(2_000), email });
  if (state === "held") await sweep({ paypal: holding, transferwise: holding });
  else if (state === "failed") {
    await sweep(sandboxes());
    clock.advance(MINUTE);
    await sweep(sandboxes());
    clock.advance(-MINUTE);
  } else {
    await sweep(sandboxes(365 * 24 * 60 * MINUTE));
    // Sent 11 minutes ago: past the sandbox's expected 10 minutes.
    if (state === "stuck")
      await db
        .update(payouts)
        .set({
          sentAt: new Date(clock.now().getTime() - 11 * MINUTE),
          nextAttemptAt: new Date(clock.now().getTime() + 30 * MINUTE),
        })
        .where(eq(payouts.id, payout.id));
  }
  return { user, caller, payoutId: payout.id };
}

const balanceOf = (userId: number) => accountBalance(db, ledgerAccount.influencer(userId));
const auditOf = (action: string, payoutId: number) =>
  db
    .select()
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.action, action), eq(adminAuditLog.targetId, String(payoutId))));
const ledgerOf = (payoutId: number, kind: "payout_failed" | "payout_paid" | "payout_request") =>
  db
    .select()
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.payoutId, payoutId), eq(ledgerTransactions.kind, kind)));

describe("the payouts queue", () => {
  it("lists failed, held and stuck payouts in their own states, and not one sent in time", async () => {
    const failed = await payoutIn("failed");
    const held = await payoutIn("held");
    const stuck = await payoutIn("stuck");
    const inTime = await payoutIn("sent");
    const { caller } = await adminCaller();
    const ids = async (state: "failed" | "held" | "stuck") =>
      (await caller.admin.console.payouts.list({ state })).items.map((item) => item.id);
    expect(await ids("failed")).toContain(failed.payoutId);
    expect(await ids("held")).toContain(held.payoutId);
    expect(await ids("stuck")).toContain(stuck.payoutId);
    for (const state of ["failed", "held", "stuck"] as const) expect(await ids(state)).not.toContain(inTime.payoutId);
    const [row] = (
      await caller.admin.console.payouts.list({ state: "held", username: held.user.username.toUpperCase() })
    ).items;
    expect(row).toMatchObject({
      id: held.payoutId,
      provider: "paypal",
      holdReason: expect.stringContaining("approve"),
    });
    const [failedRow] = (await caller.admin.console.payouts.list({ state: "failed", username: failed.user.username }))
      .items;
    expect(failedRow).toMatchObject({
      provider: "sandbox",
      failure: { reason: "invalid_account" },
      destination: "fail@example.com",
    });
    const counts = await caller.admin.console.payouts.counts();
    expect(counts.failed).toBeGreaterThanOrEqual(1);
    expect(counts.stuck).toBeGreaterThanOrEqual(1);
    expect(
      (await caller.admin.console.payouts.list({ state: "stuck", provider: "wise" })).items.map((i) => i.id),
    ).not.toContain(stuck.payoutId);
  });

  it("calls a payout of each provider stuck exactly once its own expected time has passed", async () => {
    const { user } = await influencerWith(db, clock, 0);
    const sentAt = (provider: PayoutProviderName) => new Date(clock.now().getTime() - PAYOUT_EXPECTED_MS[provider]);
    const common = { userId: user.id, amountCents: 100, email: "me@example.com", status: "processing" as const };
    const rows = await db
      .insert(payouts)
      .values([
        { ...common, method: "paypal", sentAt: sentAt("sandbox"), providerReference: "sandbox:edge-1" },
        { ...common, method: "transferwise", accountOwnerName: "Me", sentAt: sentAt("wise"), providerReference: "t-1" },
        { ...common, method: "paypal", sentAt: sentAt("paypal"), providerReference: "batch-1" },
      ])
      .returning({ id: payouts.id, provider: payouts.provider });
    // The generated column names each one's provider.
    expect(rows.map((row) => row.provider)).toEqual(["sandbox", "wise", "paypal"]);
    const { caller } = await adminCaller();
    const stuckOf = async (provider?: PayoutProviderName) =>
      (await caller.admin.console.payouts.list({ state: "stuck", ...(provider ? { provider } : {}) })).items
        .map((item) => item.id)
        .filter((id) => rows.some((row) => row.id === id));
    const counts = async () => ({
      tab: (await caller.admin.console.payouts.counts()).stuck,
      queue: (await caller.admin.console.dashboard.queues()).payoutsFailedOrStuck,
    });

    // Exactly at its expected time: not yet stuck, for any of them.
    const before = await counts();
    expect(await stuckOf()).toEqual([]);
    for (const row of rows) expect(await stuckOf(row.provider)).toEqual([]);

    // A millisecond later: each is stuck, in its own provider's list only, and counted once.
    clock.advance(1);
    try {
      expect((await stuckOf()).sort()).toEqual(rows.map((row) => row.id).sort());
      for (const row of rows) expect(await stuckOf(row.provider)).toEqual([row.id]);
      expect(await counts()).toEqual({ tab: before.tab + 3, queue: before.queue + 3 });
    } finally {
      clock.advance(-1);
      // Made without their ledger transactions: gone before the ledger checks of the other tests.
      await db.delete(payouts).where(eq(payouts.userId, user.id));
    }
  });

  it("pages a state oldest first by keyset, ties broken by id, each payout once", async () => {
    const { user } = await influencerWith(db, clock, 0);
    const at = (minutes: number) => new Date(Date.parse("2020-01-01T00:00:00Z") + minutes * MINUTE);
    const values = Array.from({ length: 53 }, (_, i) => ({
      userId: user.id,
      method: "paypal" as const,
      amountCents: 100,
      email: "paged@example.com",
      status: "failed" as const,
      failureReason: "rejected" as const,
      // Two payouts at each instant: the id orders them.
      failedAt: at(Math.floor(i / 2)),
    }));
    await db.insert(payouts).values(values);
    const { caller } = await adminCaller();
    const seen: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await caller.admin.console.payouts.list({ state: "failed", username: user.username, cursor });
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toHaveLength(53);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    // Made without their ledger transactions: gone before the ledger checks of the other tests.
    await db.delete(payouts).where(eq(payouts.userId, user.id));
    expect(await callFailure(caller.admin.console.payouts.list({ state: "failed", cursor: "nonsense" }))).toMatchObject(
      {
        code: "BAD_REQUEST",
      },
    );
  });
});

describe("retry from the console", () => {
  it("retries a failed payout once, audited, and the worker pays the retry without paying twice", async () => {
    const { user, caller: influencer, payoutId } = await payoutIn("failed");
    const { admin, caller } = await adminCaller();
    const before = await balanceOf(user.id);
    const retried = await caller.admin.console.payouts.retry({
      id: payoutId,
      state: "failed",
      reason: "The account was fixed",
    });
    expect(retried.outcome).toBe("retried");
    expect(await balanceOf(user.id)).toBe(before - 2_000);
    // Asked again (a second operator, the influencer): the payout was retried once.
    expect(
      await callFailure(caller.admin.console.payouts.retry({ id: payoutId, state: "failed", reason: "again" })),
    ).toMatchObject({
      reason: "conflict",
    });
    expect(await callFailure(influencer.earnings.retryPayout({ id: payoutId }))).toMatchObject({ reason: "conflict" });
    const [audit] = await auditOf("payout_retry", payoutId);
    expect(audit).toMatchObject({ adminId: admin.id, reason: "The account was fixed", targetType: "payout" });
    // The retry goes to the same address, which the sandbox still fails; retried payouts leave the queue either way.
    const list = await caller.admin.console.payouts.list({ state: "failed", username: user.username });
    expect(list.items.map((i) => i.id)).not.toContain(payoutId);
    expect(await ledgerOf(retried.payoutId, "payout_request")).toHaveLength(1);
    expect(await payoutViolations(db)).toEqual([]);
  });

  it("hands a stuck payout back to the worker, which polls it under its own reference", async () => {
    const { payoutId } = await payoutIn("stuck");
    const { caller } = await adminCaller();
    const [before] = await db.select().from(payouts).where(eq(payouts.id, payoutId));
    const retried = await caller.admin.console.payouts.retry({ id: payoutId, state: "stuck", reason: "Poll it now" });
    expect(retried).toEqual({ outcome: "repoll", payoutId });
    const [after] = await db.select().from(payouts).where(eq(payouts.id, payoutId));
    expect(after?.nextAttemptAt).toEqual(clock.now());
    expect(after?.providerReference).toBe(before?.providerReference);
    // The sandbox now pays it (its delay passed): paid once, by the same transfer.
    await sweep(sandboxes(0));
    const [paid] = await db.select().from(payouts).where(eq(payouts.id, payoutId));
    expect(paid?.status).toBe("paid");
    expect(await ledgerOf(payoutId, "payout_paid")).toHaveLength(1);
    expect(await auditOf("payout_repoll", payoutId)).toHaveLength(1);
  });
});

describe("mark failed from the console", () => {
  it("returns a stuck payout's money once, and the influencer reads the reason everywhere", async () => {
    const { user, caller: influencer, payoutId } = await payoutIn("stuck");
    const { caller } = await adminCaller();
    const before = await balanceOf(user.id);
    const reason = "PayPal confirmed the transfer was never made";
    await caller.admin.console.payouts.markFailed({ id: payoutId, reason });
    expect(await balanceOf(user.id)).toBe(before + 2_000);
    expect(await callFailure(caller.admin.console.payouts.markFailed({ id: payoutId, reason }))).toMatchObject({
      reason: "conflict",
    });
    expect(await balanceOf(user.id)).toBe(before + 2_000);
    expect(await ledgerOf(payoutId, "payout_failed")).toHaveLength(1);
    const tracked = await influencer.earnings.payout({ id: payoutId });
    expect(tracked).toMatchObject({
      state: "failed",
      failure: { reason: "cancelled", message: reason },
      canRetry: true,
    });
    const [note] = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, user.id), eq(notifications.type, "payout_failed")));
    expect(note?.text).toContain(reason);
    const [mail] = await db
      .select()
      .from(outgoingMail)
      .where(eq(outgoingMail.to, user.email))
      .orderBy(desc(outgoingMail.id));
    expect(mail?.text).toContain(reason);
    expect(await auditOf("payout_mark_failed", payoutId)).toMatchObject([{ reason }]);
    expect(await payoutViolations(db)).toEqual([]);
  });

  it("fails a held payout, and refuses a failed one or a reason too short", async () => {
    const held = await payoutIn("held");
    const failed = await payoutIn("failed");
    const { caller } = await adminCaller();
    expect(
      await callFailure(caller.admin.console.payouts.markFailed({ id: held.payoutId, reason: "x" })),
    ).toMatchObject({
      code: "BAD_REQUEST",
      issues: ["reason"],
    });
    await caller.admin.console.payouts.markFailed({ id: held.payoutId, reason: "Wise cancelled it" });
    const [row] = await db.select().from(payouts).where(eq(payouts.id, held.payoutId));
    expect(row).toMatchObject({ status: "failed", holdReason: null, failureMessage: "Wise cancelled it" });
    expect(
      await callFailure(caller.admin.console.payouts.markFailed({ id: failed.payoutId, reason: "no" + "pe" })),
    ).toMatchObject({
      reason: "conflict",
    });
  });

  it("never both retries and fails one payout asked at once", async () => {
    const { user, payoutId } = await payoutIn("stuck");
    const { caller } = await adminCaller();
    const second = (await adminCaller()).caller;
    const before = await balanceOf(user.id);
    const results = await Promise.allSettled([
      caller.admin.console.payouts.retry({ id: payoutId, state: "stuck", reason: "Poll it now" }),
      second.admin.console.payouts.markFailed({ id: payoutId, reason: "Give up on it" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const audits = [...(await auditOf("payout_repoll", payoutId)), ...(await auditOf("payout_mark_failed", payoutId))];
    expect(audits).toHaveLength(1);
    const failedOnce = (await ledgerOf(payoutId, "payout_failed")).length;
    expect(await balanceOf(user.id)).toBe(before + failedOnce * 2_000);
    expect(await db.select().from(payouts).where(eq(payouts.retryOfPayoutId, payoutId))).toEqual([]);
  });

  it("refuses a brand, an influencer and an admin acting as a user", async () => {
    const { user, caller: influencer, payoutId } = await payoutIn("stuck");
    const { admin } = await adminCaller();
    const acting = await callerFor(db, { userId: user.id, impersonatorId: admin.id }, clock);
    for (const who of [influencer, acting]) {
      expect(
        await callFailure(who.admin.console.payouts.markFailed({ id: payoutId, reason: "Not mine" })),
      ).toMatchObject({
        code: "FORBIDDEN",
      });
      expect(await callFailure(who.admin.console.payouts.list({ state: "stuck" }))).toMatchObject({
        code: "FORBIDDEN",
      });
    }
  });
});
