import { DEFAULT_FEE_PERCENT, MIN_PAYOUT_CENTS, type PayoutMethod } from "@market/contracts";
import {
  type LedgerTransactionKind,
  ledgerAccount,
  ledgerEntries,
  ledgerTransactions,
  paymentAttempts,
  payouts,
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
}

export interface LedgerCounts {
  paymentAttempts: number;
  payouts: number;
  ledgerTransactions: number;
  ledgerEntries: number;
}

/**
 * The money history of money.md: a succeeded payment and a payment transaction per paid application,
 * a release per completed one, and payouts (paid and still processing) out of influencers' balances,
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
            networks: application.prices.filter((price) => price.hired).map((price) => price.networkType),
            ...application.money,
          },
        ]
      : [],
  );

  await insertRows(
    ctx.db,
    paymentAttempts,
    paid.map((application) => ({
      applicationId: application.id,
      attempt: 1,
      provider: "sandbox" as const,
      providerIntentId: `seed_pi_${application.id}`,
      status: "succeeded" as const,
      amountCents: application.brandCents,
      networks: application.networks,
      feeBrandPercent: DEFAULT_FEE_PERCENT,
      feeInfluencerPercent: DEFAULT_FEE_PERCENT,
      idempotencyKey: `seed:accept:${application.id}:1`,
      createdAt: application.paidAt,
      updatedAt: application.paidAt,
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
    email: payout.influencer.email,
    accountOwnerName: payout.method === "transferwise" ? payout.influencer.fullName : null,
    status: payout.releaseDate ? ("paid" as const) : ("processing" as const),
    requestedAt: payout.requestedAt,
    releaseDate: payout.releaseDate,
    updatedAt: payout.releaseDate ?? payout.requestedAt,
  }));
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
  const request = (ago: number, share: number, paidAfterDays: number | null) => {
    const amountCents = Math.floor((balanceAt(ago) * share) / 100) * 100;
    if (amountCents < MIN_PAYOUT_CENTS) return;
    paidOut += amountCents;
    drafts.push({
      influencer,
      method: rng.chance(0.6) ? "paypal" : "transferwise",
      amountCents,
      requestedAt: ctx.clock.ago(ago),
      releaseDate: paidAfterDays === null ? null : ctx.clock.ago(ago - paidAfterDays),
    });
  };

  // Every draw happens whatever the outcome, so later influencers' draws never shift.
  const [wantsPaid, wantsProcessing] = [rng.chance(0.5), rng.chance(0.35)];
  const [paidShare, processingShare] = [rng.between(0.4, 0.8), rng.between(0.2, 0.5)];
  const [paidAfterDays, processingAgo, paidRoll] = [rng.between(2, 2.9), rng.between(0.05, 1.5), rng.next()];

  const oldest = Math.max(0, ...releases.map((release) => release.ago));
  if ((influencer.isDemo || wantsPaid) && oldest > 6) {
    // Requested between the oldest release and three days ago, so that it has been paid by now.
    request(3 + (oldest - 3.5) * paidRoll, paidShare, paidAfterDays);
  }
  if (influencer.isDemo || wantsProcessing) request(processingAgo, processingShare, null);
  return drafts;
}
