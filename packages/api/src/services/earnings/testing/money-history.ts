import { brandTotalCents, DAY_MS, influencerNetCents, type NetworkType, type UsageRights } from "@market/contracts";
import { applicationPrices, applications, type Db, deals, eq, paymentAttempts, payouts } from "@market/db";
import type { Clock } from "../../../clock";
import { callerFor } from "../../../testing/caller";
import { campaignBody } from "../../../testing/deals";
import { createBrand, createInfluencer } from "../../../testing/fixtures";
import { ledgerAccount } from "../../ledger/accounts";
import { postLedgerTransaction } from "../../ledger/post";
import { markPayoutFailed, markPayoutPaid } from "../../payouts/settle";

/** One hire of the history: its ticked prices (dollars), fees, and how far its money went. */
export interface HireDraft {
  title: string;
  /** usageRights absent: organic, the column default. */
  prices: { network: NetworkType; dollars: number; hired: boolean; usageRights?: UsageRights }[];
  feeBrandPercent: number;
  feeInfluencerPercent: number;
  paidDaysAgo: number;
  state: "pending" | "released" | "refunded";
}

/**
 * A money history written as the lifecycle writes it (money.md's entries, a succeeded charge per payment, the
 * application's dates), for the earnings and hires tests: a brand's hires of one influencer in every state, and
 * that influencer's payouts processing, paid and failed. Each hire has its own campaign (one application per
 * campaign and influencer). The ledger checker holds over it; the tests compare the screens against the ledger.
 */
export async function moneyHistory(db: Db, clock: Clock, hires: readonly HireDraft[]) {
  const brand = await createBrand(db);
  const influencer = await createInfluencer(db);
  const brandCaller = await callerFor(db, { userId: brand.id }, clock);
  const now = clock.now().getTime();
  const applicationIds: number[] = [];
  for (const hire of hires) {
    const { id: dealId } = await brandCaller.deals.create(campaignBody(clock));
    await db.update(deals).set({ title: hire.title }).where(eq(deals.id, dealId));
    const priceCents = hire.prices.filter((p) => p.hired).reduce((sum, p) => sum + p.dollars * 100, 0);
    const b = brandTotalCents(priceCents, hire.feeBrandPercent);
    const i = influencerNetCents(priceCents, hire.feeInfluencerPercent);
    const paidAt = new Date(now - hire.paidDaysAgo * DAY_MS);
    const settledAt = new Date(paidAt.getTime() + DAY_MS);
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(applications)
        .values({
          dealId,
          influencerId: influencer.id,
          brandId: brand.id,
          status: hire.state === "released" ? "COMPLETE" : hire.state === "refunded" ? "DENIED" : "PROGRESS",
          text: "Proposal",
          expiration: new Date(now + 30 * DAY_MS),
          feeBrandPercent: hire.feeBrandPercent,
          feeInfluencerPercent: hire.feeInfluencerPercent,
          paidAt,
          paidAmountCents: b,
          moneyReleaseDate: hire.state === "refunded" ? null : new Date(paidAt.getTime() + 10 * DAY_MS),
          releasedAt: hire.state === "released" ? settledAt : null,
          refundedAt: hire.state === "refunded" ? settledAt : null,
        })
        .returning({ id: applications.id });
      const applicationId = row?.id as number;
      await tx.insert(applicationPrices).values(
        hire.prices.map((p) => ({
          applicationId,
          networkType: p.network,
          priceCents: p.dollars * 100,
          creationDays: 3,
          hired: p.hired,
          ...(p.usageRights ? { usageRights: p.usageRights } : {}),
        })),
      );
      await tx.insert(paymentAttempts).values({
        applicationId,
        attempt: 1,
        provider: "sandbox",
        status: "succeeded",
        amountCents: b,
        networks: hire.prices.filter((p) => p.hired).map((p) => p.network),
        feeBrandPercent: hire.feeBrandPercent,
        feeInfluencerPercent: hire.feeInfluencerPercent,
        idempotencyKey: `history:${applicationId}`,
      });
      const escrow = ledgerAccount.escrow(applicationId);
      await postLedgerTransaction(tx, { kind: "payment", applicationId }, { [ledgerAccount.stripe]: -b, [escrow]: b });
      if (hire.state === "released") {
        await postLedgerTransaction(
          tx,
          { kind: "release", applicationId },
          { [escrow]: -b, [ledgerAccount.influencer(influencer.id)]: i, [ledgerAccount.platformFees]: b - i },
        );
      }
      if (hire.state === "refunded") {
        await postLedgerTransaction(tx, { kind: "refund", applicationId }, { [escrow]: -b, [ledgerAccount.stripe]: b });
      }
      return applicationId;
    });
    applicationIds.push(id);
  }
  return { brand, influencer, applicationIds };
}

/**
 * A payout of `cents` out of the influencer's balance as the request writes it, then paid or failed as the worker
 * settles it (or left processing).
 */
export async function payoutOf(
  db: Db,
  influencerId: number,
  cents: number,
  requestedAt: Date,
  outcome: "processing" | "paid" | "failed",
) {
  return db.transaction(async (tx) => {
    const [payout] = await tx
      .insert(payouts)
      .values({ userId: influencerId, method: "paypal", amountCents: cents, email: "me@example.com", requestedAt })
      .returning();
    const id = payout?.id as number;
    await postLedgerTransaction(
      tx,
      { kind: "payout_request", payoutId: id },
      { [ledgerAccount.influencer(influencerId)]: -cents, [ledgerAccount.payoutsPending]: cents },
    );
    const settledAt = new Date(requestedAt.getTime() + 2 * DAY_MS);
    if (outcome === "paid") await markPayoutPaid(tx, id, settledAt);
    if (outcome === "failed") await markPayoutFailed(tx, id, { reason: "invalid_account", message: null }, settledAt);
    return id;
  });
}
