import { brandTotalCents, DAY_MS, type NetworkType } from "@market/contracts";
import {
  applicationPrices,
  applications,
  type Db,
  deals,
  deliveredPosts,
  deliveries,
  eq,
  paymentAttempts,
  postStatisticsSnapshots,
} from "@market/db";
import type { Clock } from "../../../clock";
import { callerFor } from "../../../testing/caller";
import { campaignBody } from "../../../testing/deals";
import { createBrand, createInfluencer } from "../../../testing/fixtures";
import { ledgerAccount } from "../../ledger/accounts";
import { postLedgerTransaction } from "../../ledger/post";

/** A statistics reading, `day` days after the hire was paid. */
export interface ReadingDraft {
  day: number;
  views: number;
  likes: number;
  comments: number;
}

/** One paid hire of the report's history: its campaign and influencer by name, prices, and what it delivered. */
export interface ReportHireDraft {
  campaign: string;
  influencer: string;
  /** The hired networks' prices, in dollars. */
  prices: { network: NetworkType; dollars: number }[];
  feeBrandPercent: number;
  paidAt: Date;
  refunded?: boolean;
  /** The posts of the current delivery; `earlier`: posts of a delivery it replaced, which the report ignores. */
  posts?: { network: NetworkType; readings: ReadingDraft[] }[];
  earlier?: { network: NetworkType; readings: ReadingDraft[] }[];
}

/**
 * A brand's paid hires across campaigns and influencers, written as the lifecycle writes them: B on the
 * application and in balanced ledger transactions (payment, and refund back to the card), the deliveries with
 * their posts and statistics snapshots. Returns the ids by name.
 */
export async function reportHistory(db: Db, clock: Clock, drafts: readonly ReportHireDraft[]) {
  const brand = await createBrand(db);
  const brandCaller = await callerFor(db, { userId: brand.id }, clock);
  const campaigns = new Map<string, number>();
  const influencers = new Map<string, number>();
  const applicationIds: number[] = [];
  for (const draft of drafts) {
    let dealId = campaigns.get(draft.campaign);
    if (dealId === undefined) {
      dealId = (await brandCaller.deals.create(campaignBody(clock))).id;
      await db.update(deals).set({ title: draft.campaign }).where(eq(deals.id, dealId));
      campaigns.set(draft.campaign, dealId);
    }
    let influencerId = influencers.get(draft.influencer);
    if (influencerId === undefined) {
      influencerId = (await createInfluencer(db, { username: draft.influencer })).id;
      influencers.set(draft.influencer, influencerId);
    }
    applicationIds.push(await paidHire(db, { brandId: brand.id, dealId, influencerId }, draft));
  }
  return { brand, campaigns, influencers, applicationIds };
}

async function paidHire(
  db: Db,
  ids: { brandId: number; dealId: number; influencerId: number },
  draft: ReportHireDraft,
): Promise<number> {
  const priceCents = draft.prices.reduce((sum, price) => sum + price.dollars * 100, 0);
  const b = brandTotalCents(priceCents, draft.feeBrandPercent);
  const settledAt = new Date(draft.paidAt.getTime() + DAY_MS);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(applications)
      .values({
        ...ids,
        status: draft.refunded ? "DENIED" : "PROGRESS",
        text: "Proposal",
        expiration: new Date(draft.paidAt.getTime() + 30 * DAY_MS),
        feeBrandPercent: draft.feeBrandPercent,
        feeInfluencerPercent: 10,
        paidAt: draft.paidAt,
        paidAmountCents: b,
        refundedAt: draft.refunded ? settledAt : null,
      })
      .returning({ id: applications.id });
    const applicationId = row?.id as number;
    await tx.insert(applicationPrices).values(
      draft.prices.map((price) => ({
        applicationId,
        networkType: price.network,
        priceCents: price.dollars * 100,
        creationDays: 3,
        hired: true,
      })),
    );
    await tx.insert(paymentAttempts).values({
      applicationId,
      attempt: 1,
      provider: "sandbox",
      status: "succeeded",
      amountCents: b,
      networks: draft.prices.map((price) => price.network),
      feeBrandPercent: draft.feeBrandPercent,
      feeInfluencerPercent: 10,
      idempotencyKey: `report-history:${applicationId}`,
    });
    const escrow = ledgerAccount.escrow(applicationId);
    await postLedgerTransaction(tx, { kind: "payment", applicationId }, { [ledgerAccount.stripe]: -b, [escrow]: b });
    if (draft.refunded) {
      await postLedgerTransaction(tx, { kind: "refund", applicationId }, { [escrow]: -b, [ledgerAccount.stripe]: b });
    }
    // The earlier delivery first: the newest delivery of a hire is its current one.
    for (const posts of [draft.earlier, draft.posts]) {
      if (!posts) continue;
      const [delivery] = await tx
        .insert(deliveries)
        .values({ applicationId, userId: ids.influencerId, deliveredAt: draft.paidAt })
        .returning({ id: deliveries.id });
      for (const post of posts) {
        const latest = post.readings.at(-1);
        const [written] = await tx
          .insert(deliveredPosts)
          .values({
            deliveryId: delivery?.id as number,
            networkType: post.network,
            url: `https://example.com/${applicationId}/${post.network}/${delivery?.id}`,
            checkState: latest ? "verified" : "unverifiable",
            views: latest?.views ?? null,
            likes: latest?.likes ?? null,
            comments: latest?.comments ?? null,
          })
          .returning({ id: deliveredPosts.id });
        const kinds = ["initial", "day1", "day7"] as const;
        if (post.readings.length > 0) {
          await tx.insert(postStatisticsSnapshots).values(
            post.readings.map((reading, index) => ({
              deliveredPostId: written?.id as number,
              kind: kinds[index] ?? "day7",
              takenAt: new Date(draft.paidAt.getTime() + reading.day * DAY_MS),
              views: reading.views,
              likes: reading.likes,
              comments: reading.comments,
            })),
          );
        }
      }
    }
    return applicationId;
  });
}
