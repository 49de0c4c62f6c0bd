import { DEFAULT_FEE_PERCENT, formatUsd, MIN_PAYOUT_CENTS, type PayoutMethod } from "@market/contracts";
import { eq } from "drizzle-orm";
import {
  type LedgerTransactionKind,
  ledgerAccount,
  ledgerEntries,
  ledgerTransactions,
  notifications,
  paymentAttempts,
  payouts,
  sandboxPaymentIntents,
  sandboxPaymentMethods,
} from "../schema";
import type { SeededApplication } from "./applications";
import { groupBy, insertRows, insertWithIds } from "./batch";
import type { SeedContext } from "./context";
import type { SeededInfluencer } from "./influencers";
import type { Random } from "./random";

const account = ledgerAccount;

interface TransactionDraft {
  kind: LedgerTransactionKind;
  applicationId: number | null;
  payoutId: number | null;
  createdAt: Date;
  entries: [account: string, amountCents: number][];
}

interface PayoutDraft {
  influencer: SeededInfluencer;
  method: PayoutMethod;
  amountCents: number;
  requestedAt: Date;
  /** Set once paid; processing until then. */
  releaseDate: Date | null;
  /** Handed to the provider (the tracker's "sent"); null while only requested. */
  sentAt: Date | null;
  /** Failed (its money back in the balance), with the sandbox's reason. */
  failedAt: Date | null;
}

/** The built-in payout sandbox's reference for a payout it accepted (services/payouts/sandbox). */
const sandboxReference = (payoutId: number, method: PayoutMethod, sentAt: Date) =>
  `sandbox:${method}:market-payout-${payoutId}:${sentAt.getTime()}:pay`;
const SANDBOX_FAILURE = 'The sandbox refuses accounts whose email contains "fail".';
/** The mistyped address of the demo's failed payout, which the sandbox refuses. */
const failingEmail = (email: string) => email.replace("@", ".fail@");

export interface LedgerCounts {
  paymentAttempts: number;
  payouts: number;
  ledgerTransactions: number;
  ledgerEntries: number;
}

/**
 * The money history of money.md: a succeeded payment and a payment transaction per paid application,
 * a release per completed one, a refund per refunded one, and payouts (paid and still processing) out of influencers' balances,
 * each dated after the money it spends.
 */
export async function seedLedger(
  ctx: SeedContext,
  applications: readonly SeededApplication[],
  influencers: readonly SeededInfluencer[],
): Promise<LedgerCounts> {
  const rng = ctx.random("ledger");
  const paid = applications.flatMap((application) =>
    application.money
      ? [
          {
            id: application.id,
            influencerId: application.row.influencerId,
            brandId: application.row.brandId,
            networks: application.prices
              .filter((price) => price.hired)
              .map((price) => price.networkType)
              .sort(),
            ...application.money,
          },
        ]
      : [],
  );

  // Each payment went through the payment sandbox, which keeps its side (a test card per paying brand, a
  // succeeded intent per payment), so that what follows a payment (an admin's refund) finds the intent it paid.
  const intentIdOf = (applicationId: number) => `pi_sandbox_seed_${applicationId}`;
  const cardOf = (brandId: number) => `pm_sandbox_seed_history_${brandId}`;
  const refundIdOf = (applicationId: number) => `re_sandbox_seed_${applicationId}`;
  await insertRows(
    ctx.db,
    sandboxPaymentMethods,
    [...new Set(paid.map((application) => application.brandId))].map((brandId) => ({
      id: cardOf(brandId),
      brand: "visa",
      last4: "4242",
      expMonth: 4,
      expYear: ctx.clock.now.getUTCFullYear() + 3,
      behaviour: "succeeds" as const,
    })),
  );
  await insertRows(
    ctx.db,
    sandboxPaymentIntents,
    paid.map((application) => ({
      id: intentIdOf(application.id),
      idempotencyKey: `seed:accept:${application.id}:1`,
      amountCents: application.brandCents,
      paymentMethodId: cardOf(application.brandId),
      status: "succeeded" as const,
      clientSecret: `${intentIdOf(application.id)}_secret_seed`,
      // An admin's refund (services/admin/refund.ts) keys the refund by the application.
      refundId: application.refundedAt ? refundIdOf(application.id) : null,
      refundIdempotencyKey: application.refundedAt ? `refund:application:${application.id}` : null,
      createdAt: application.paidAt,
      updatedAt: application.refundedAt ?? application.paidAt,
    })),
  );
  await insertRows(
    ctx.db,
    paymentAttempts,
    paid.map((application) => ({
      applicationId: application.id,
      attempt: 1,
      provider: "sandbox" as const,
      providerIntentId: intentIdOf(application.id),
      status: "succeeded" as const,
      amountCents: application.brandCents,
      networks: application.networks,
      feeBrandPercent: DEFAULT_FEE_PERCENT,
      feeInfluencerPercent: DEFAULT_FEE_PERCENT,
      idempotencyKey: `seed:accept:${application.id}:1`,
      providerRefundId: application.refundedAt ? refundIdOf(application.id) : null,
      createdAt: application.paidAt,
      updatedAt: application.refundedAt ?? application.paidAt,
    })),
  );

  const transactions: TransactionDraft[] = [];
  for (const application of paid) {
    const { id, brandCents: b, influencerCents: i } = application;
    transactions.push({
      kind: "payment",
      applicationId: id,
      payoutId: null,
      createdAt: application.paidAt,
      entries: [
        [account.stripe, -b],
        [account.escrow(id), b],
      ],
    });
    if (application.refundedAt) {
      transactions.push({
        kind: "refund",
        applicationId: id,
        payoutId: null,
        createdAt: application.refundedAt,
        entries: [
          [account.escrow(id), -b],
          [account.stripe, b],
        ],
      });
    }
    if (application.releasedAt) {
      transactions.push({
        kind: "release",
        applicationId: id,
        payoutId: null,
        createdAt: application.releasedAt,
        entries: [
          [account.escrow(id), -b],
          [account.influencer(application.influencerId), i],
          [account.platformFees, b - i],
        ],
      });
    }
  }

  const releasesByInfluencer = groupBy(
    paid.filter((application) => application.releasedAgo !== null),
    (application) => application.influencerId,
  );
  const payoutDrafts = influencers.flatMap((influencer) =>
    drawPayouts(
      rng,
      ctx,
      influencer,
      (releasesByInfluencer.get(influencer.id) ?? []).map((release) => ({
        ago: release.releasedAgo ?? 0,
        cents: release.influencerCents,
      })),
    ),
  );
  const seededPayouts = await insertWithIds(ctx.db, payouts, payoutDrafts, (payout) => ({
    userId: payout.influencer.id,
    method: payout.method,
    amountCents: payout.amountCents,
    // The failed one went to a mistyped address the sandbox refuses.
    email: payout.failedAt ? failingEmail(payout.influencer.email) : payout.influencer.email,
    accountOwnerName: payout.method === "transferwise" ? payout.influencer.fullName : null,
    status: payout.releaseDate ? ("paid" as const) : payout.failedAt ? ("failed" as const) : ("processing" as const),
    requestedAt: payout.requestedAt,
    releaseDate: payout.releaseDate,
    sentAt: payout.sentAt,
    failedAt: payout.failedAt,
    failureReason: payout.failedAt ? ("invalid_account" as const) : null,
    failureMessage: payout.failedAt ? SANDBOX_FAILURE : null,
    // Still processing: due for the worker, which sends the requested one and polls the sent one.
    nextAttemptAt: payout.releaseDate || payout.failedAt ? null : (payout.sentAt ?? payout.requestedAt),
    updatedAt: payout.releaseDate ?? payout.failedAt ?? payout.sentAt ?? payout.requestedAt,
  }));
  // Each failed payout told its influencer why, as the worker does (services/payouts/settle.ts).
  const failedPayouts = seededPayouts.filter((payout) => payout.failedAt);
  if (failedPayouts.length > 0) {
    await ctx.db.insert(notifications).values(
      failedPayouts.map((payout) => ({
        userId: payout.influencer.id,
        type: "payout_failed" as const,
        text: `Your ${formatUsd(payout.amountCents)} payout by PayPal to ${failingEmail(payout.influencer.email)} failed: the receiving account does not exist or cannot receive money (${SANDBOX_FAILURE.replace(/\.$/, "")}). The money is back in your balance; you can retry it from your earnings.`,
        createdAt: payout.failedAt ?? payout.requestedAt,
        // Mailed when it happened: the notification mail sweep passes the demo's past over.
        mailedAt: payout.failedAt ?? payout.requestedAt,
      })),
    );
  }
  // Each paid payout told its influencer too (settle.ts).
  const paidPayouts = seededPayouts.filter((payout) => payout.releaseDate);
  if (paidPayouts.length > 0) {
    await ctx.db.insert(notifications).values(
      paidPayouts.map((payout) => ({
        userId: payout.influencer.id,
        type: "payout_paid" as const,
        text: `Your ${formatUsd(payout.amountCents)} payout by ${payout.method === "paypal" ? "PayPal" : "TransferWise"} to ${payout.influencer.email} was paid.`,
        createdAt: payout.releaseDate ?? payout.requestedAt,
        seenAt: payout.releaseDate ?? payout.requestedAt,
        mailedAt: payout.releaseDate ?? payout.requestedAt,
      })),
    );
  }
  // The sandbox's reference of each sent payout, which needs the payout's id.
  for (const payout of seededPayouts) {
    if (payout.sentAt) {
      await ctx.db
        .update(payouts)
        .set({ providerReference: sandboxReference(payout.id, payout.method, payout.sentAt) })
        .where(eq(payouts.id, payout.id));
    }
  }
  for (const payout of seededPayouts) {
    const a = payout.amountCents;
    transactions.push({
      kind: "payout_request",
      applicationId: null,
      payoutId: payout.id,
      createdAt: payout.requestedAt,
      entries: [
        [account.influencer(payout.influencer.id), -a],
        [account.payoutsPending, a],
      ],
    });
    if (payout.failedAt) {
      transactions.push({
        kind: "payout_failed",
        applicationId: null,
        payoutId: payout.id,
        createdAt: payout.failedAt,
        entries: [
          [account.payoutsPending, -a],
          [account.influencer(payout.influencer.id), a],
        ],
      });
    }
    if (payout.releaseDate) {
      transactions.push({
        kind: "payout_paid",
        applicationId: null,
        payoutId: payout.id,
        createdAt: payout.releaseDate,
        entries: [
          [account.payoutsPending, -a],
          [account.externalPayouts, a],
        ],
      });
    }
  }

  // Chronological ids, as if the events had happened one after another.
  transactions.sort((x, y) => x.createdAt.getTime() - y.createdAt.getTime());
  const seededTransactions = await insertWithIds(ctx.db, ledgerTransactions, transactions, (transaction) => ({
    kind: transaction.kind,
    applicationId: transaction.applicationId,
    payoutId: transaction.payoutId,
    createdAt: transaction.createdAt,
  }));
  const entries = seededTransactions.flatMap((transaction) =>
    transaction.entries.map(([name, amountCents]) => ({
      transactionId: transaction.id,
      account: name,
      amountCents,
      createdAt: transaction.createdAt,
    })),
  );
  await insertRows(ctx.db, ledgerEntries, entries);

  return {
    paymentAttempts: paid.length,
    payouts: seededPayouts.length,
    ledgerTransactions: seededTransactions.length,
    ledgerEntries: entries.length,
  };
}

/**
 * Up to two payouts: one paid a while after an older release, one still processing from the last days.
 * Each takes part of the balance the influencer had when asking, in whole dollars, never below the
 * minimum payout; the demo influencer always has both and keeps a balance.
 */
function drawPayouts(
  rng: Random,
  ctx: SeedContext,
  influencer: SeededInfluencer,
  releases: { ago: number; cents: number }[],
): PayoutDraft[] {
  const drafts: PayoutDraft[] = [];
  let paidOut = 0;
  const balanceAt = (ago: number) =>
    releases.filter((release) => release.ago > ago).reduce((sum, release) => sum + release.cents, 0) - paidOut;
  type Outcome = { paidAfterDays: number } | { failedAfterDays: number } | { sentAfterDays: number } | null;
  const request = (ago: number, share: number, outcome: Outcome, method?: PayoutMethod) => {
    const amountCents = Math.floor((balanceAt(ago) * share) / 100) * 100;
    if (amountCents < MIN_PAYOUT_CENTS) return;
    // A failed payout's money came back to the balance.
    if (!(outcome && "failedAfterDays" in outcome)) paidOut += amountCents;
    const after = (days: number) => ctx.clock.ago(ago - days);
    drafts.push({
      influencer,
      method: method ?? (rng.chance(0.6) ? "paypal" : "transferwise"),
      amountCents,
      requestedAt: ctx.clock.ago(ago),
      releaseDate: outcome && "paidAfterDays" in outcome ? after(outcome.paidAfterDays) : null,
      sentAt:
        outcome && "paidAfterDays" in outcome
          ? after(outcome.paidAfterDays / 2)
          : outcome && "failedAfterDays" in outcome
            ? after(outcome.failedAfterDays / 2)
            : outcome && "sentAfterDays" in outcome
              ? after(outcome.sentAfterDays)
              : null,
      failedAt: outcome && "failedAfterDays" in outcome ? after(outcome.failedAfterDays) : null,
    });
  };

  // Every draw happens whatever the outcome, so later influencers' draws never shift.
  const [wantsPaid, wantsProcessing] = [rng.chance(0.5), rng.chance(0.35)];
  const [paidShare, processingShare] = [rng.between(0.4, 0.8), rng.between(0.2, 0.5)];
  const [paidAfterDays, processingAgo, paidRoll] = [rng.between(2, 2.9), rng.between(0.05, 1.5), rng.next()];

  const oldest = Math.max(0, ...releases.map((release) => release.ago));
  if ((influencer.isDemo || wantsPaid) && oldest > 6) {
    // Requested between the oldest release and three days ago, so that it has been paid by now.
    request(3 + (oldest - 3.5) * paidRoll, paidShare, { paidAfterDays });
  }
  if (influencer.isDemo && oldest > 3) {
    // The tracker's failed step, with its money back and a retry offered: a mistyped PayPal address.
    request(2.5, 0.3, { failedAfterDays: 0.5 }, "paypal");
  }
  if (influencer.isDemo || wantsProcessing) {
    // The demo's processing payout has reached the provider; the worker polls it (and the sandbox pays it).
    request(processingAgo, processingShare, influencer.isDemo ? { sentAfterDays: 0.01 } : null);
  }
  // And one just requested, which the worker sends on its next pass.
  if (influencer.isDemo) request(0.02, 0.25, null, "transferwise");
  return drafts;
}
