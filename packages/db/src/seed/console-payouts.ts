import { formatUsd, HOUR_MS, MIN_PAYOUT_CENTS, MINUTE_MS } from "@market/contracts";
import { like, sql } from "drizzle-orm";
import { ledgerAccount, ledgerEntries, ledgerTransactions, notifications, type Payout, payouts } from "../schema";
import type { SeedContext } from "./context";
import { DEMO_ACCOUNTS } from "./demo-logins";
import type { SeededInfluencer } from "./influencers";

/**
 * The console's payouts queue in the demo (issue 36, point 2), one payout in each of its states, each with its
 * ledger transactions as the product writes them (money.md):
 * - failed: a PayPal payout PayPal could not complete (provider_error), to a good address, so an operator's retry
 *   is paid by the sandbox; its money is back in the balance (payout_request, then payout_failed). Not the demo
 *   influencer's, who has a failed payout of the tracker already (ledger.ts).
 * - held: a Wise payout to a US bank account that Wise holds for strong customer authentication (hold_reason), sent
 *   a day ago; its money is out of the balance (payout_request).
 * - stuck: the demo influencer's PayPal payout sent two days ago that PayPal never answered (three unanswered polls),
 *   past PayPal's expected day (PAYOUT_EXPECTED_MS); its money is out of the balance (payout_request).
 * The held and stuck ones carry provider references the demo's sandbox cannot read, as a real provider's would be:
 * the worker keeps asking (and backing off) and they stay in the queue until an operator acts.
 */
export async function seedConsolePayouts(
  ctx: SeedContext,
  influencers: SeededInfluencer[],
): Promise<{ consolePayouts: number }> {
  const now = ctx.clock.now;
  const ranked = await byBalance(ctx, influencers);
  const demo = ranked.find((influencer) => influencer.username === DEMO_ACCOUNTS.influencer.username);
  const [held, failed] = ranked.filter((influencer) => influencer !== demo);
  if (!demo || !held || !failed) return { consolePayouts: 0 };
  // A share of a balance, never under the minimum payout, always leaving the minimum in it.
  const share = (balance: number, percent: number) =>
    Math.max(MIN_PAYOUT_CENTS, Math.min(balance - MIN_PAYOUT_CENTS, Math.floor((balance * percent) / 10_000) * 100));

  const failedAt = new Date(now.getTime() - 3 * HOUR_MS);
  const failedOne = await payoutWithLedger(ctx, {
    userId: failed.id,
    method: "paypal",
    amountCents: share(failed.balance, 20),
    email: failed.email,
    status: "failed",
    requestedAt: new Date(failedAt.getTime() - 10 * MINUTE_MS),
    sentAt: new Date(failedAt.getTime() - 9 * MINUTE_MS),
    providerReference: "PAYOUT-BATCH-DEMO-FAILED",
    failedAt,
    failureReason: "provider_error",
    failureMessage: "PayPal answered INTERNAL_SERVICE_ERROR",
    updatedAt: failedAt,
  });
  // Told why, as the worker tells (settle.ts failureText).
  await ctx.db.insert(notifications).values({
    userId: failed.id,
    type: "payout_failed",
    text: `Your ${formatUsd(failedOne.amountCents)} payout by PayPal to ${failed.email} failed: the payment provider could not complete it (PayPal answered INTERNAL_SERVICE_ERROR). The money is back in your balance; you can retry it from your earnings.`,
    createdAt: failedAt,
    mailedAt: failedAt,
  });

  const heldSent = new Date(now.getTime() - 24 * HOUR_MS);
  await payoutWithLedger(ctx, {
    userId: held.id,
    method: "transferwise",
    amountCents: share(held.balance, 25),
    email: held.email,
    accountOwnerName: held.fullName,
    bankAccountSummary: "Checking account ending in 6789",
    status: "processing",
    requestedAt: new Date(heldSent.getTime() - MINUTE_MS),
    sentAt: heldSent,
    providerReference: "50917342",
    providerState: { quoteId: "a1b2c3d4-5e6f-4a1b-8c2d-3e4f5a6b7c8d", recipientId: 148_302_117 },
    holdReason: SCA_HOLD_REASON,
    nextAttemptAt: new Date(now.getTime() + HOUR_MS),
    updatedAt: heldSent,
  });

  const stuckSent = new Date(now.getTime() - 2 * 24 * HOUR_MS);
  await payoutWithLedger(ctx, {
    userId: demo.id,
    method: "paypal",
    amountCents: share(demo.balance, 15),
    email: demo.email,
    status: "processing",
    requestedAt: new Date(stuckSent.getTime() - MINUTE_MS),
    sentAt: stuckSent,
    providerReference: "PAYOUT-BATCH-DEMO-STUCK",
    attempts: 3,
    nextAttemptAt: new Date(now.getTime() + HOUR_MS),
    updatedAt: stuckSent,
  });
  return { consolePayouts: 3 };
}

/** As services/payouts/wise/wise-provider.ts's SCA_HOLD_REASON says it to the influencer. */
const SCA_HOLD_REASON =
  "Wise waits for our team to approve this payout (strong customer authentication) before sending it. Nothing to do on your side: if it is not approved within 14 days, Wise cancels it and the money comes back to your balance.";

interface Ranked extends SeededInfluencer {
  balance: number;
}

/** The influencers whose balance affords two minimum payouts, the largest balance first (ties by id). */
async function byBalance(ctx: SeedContext, influencers: SeededInfluencer[]): Promise<Ranked[]> {
  const rows = await ctx.db
    .select({ account: ledgerEntries.account, cents: sql<string>`sum(${ledgerEntries.amountCents})` })
    .from(ledgerEntries)
    .where(like(ledgerEntries.account, "influencer:%"))
    .groupBy(ledgerEntries.account);
  const balances = new Map(rows.map((row) => [row.account, Number(row.cents)]));
  return influencers
    .map((influencer) => ({ ...influencer, balance: balances.get(ledgerAccount.influencer(influencer.id)) ?? 0 }))
    .filter((influencer) => influencer.balance >= 2 * MIN_PAYOUT_CENTS)
    .sort((a, b) => b.balance - a.balance || a.id - b.id);
}

/** A payout and its ledger transactions (payout_request; payout_failed for a failed one), as settle.ts writes them. */
async function payoutWithLedger(ctx: SeedContext, values: typeof payouts.$inferInsert): Promise<Payout> {
  const [payout] = await ctx.db.insert(payouts).values(values).returning();
  if (!payout) throw new Error("the payout was not written");
  const a = payout.amountCents;
  await transaction(ctx, payout, "payout_request", payout.requestedAt, {
    [ledgerAccount.influencer(payout.userId)]: -a,
    [ledgerAccount.payoutsPending]: a,
  });
  if (payout.status === "failed" && payout.failedAt) {
    await transaction(ctx, payout, "payout_failed", payout.failedAt, {
      [ledgerAccount.payoutsPending]: -a,
      [ledgerAccount.influencer(payout.userId)]: a,
    });
  }
  return payout;
}

async function transaction(
  ctx: SeedContext,
  payout: Payout,
  kind: "payout_request" | "payout_failed",
  at: Date,
  entries: Record<string, number>,
): Promise<void> {
  const [row] = await ctx.db
    .insert(ledgerTransactions)
    .values({
      kind,
      payoutId: payout.id,
      createdAt: at,
      idempotencyKey: kind === "payout_failed" ? `payout_failed:${payout.id}` : null,
    })
    .returning({ id: ledgerTransactions.id });
  if (!row) throw new Error("the ledger transaction was not written");
  await ctx.db.insert(ledgerEntries).values(
    Object.entries(entries).map(([account, amountCents]) => ({
      transactionId: row.id,
      account,
      amountCents,
      createdAt: at,
    })),
  );
}
