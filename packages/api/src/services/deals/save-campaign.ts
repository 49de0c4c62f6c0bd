import type { CampaignInput } from "@market/contracts";
import { asc, type Db, dealImages, deals, eq } from "@market/db";
import type { Clock } from "../../clock";
import {
  assertFutureDeadline,
  campaignColumns,
  changesReviewedContent,
  claimImages,
  lockOwnDeal,
  writeImages,
} from "./campaign-rules";

/** POST /api/campaigns: a new campaign of the brand, waiting for the admin review (NONE). */
export async function createCampaign(
  deps: { db: Db; clock: Clock },
  brandId: number,
  input: CampaignInput,
): Promise<{ id: number }> {
  const now = deps.clock.now();
  assertFutureDeadline(input.deadline, now);
  return deps.db.transaction(async (tx) => {
    await claimImages(tx, brandId, input.images, null);
    const [deal] = await tx
      .insert(deals)
      .values({ ...campaignColumns(input), userId: brandId, reviewStatus: "NONE", createdAt: now, updatedAt: now })
      .returning({ id: deals.id });
    if (!deal) throw new Error("deal not inserted");
    await writeImages(tx, deal.id, input.images);
    return { id: deal.id };
  });
}

/**
 * POST /api/campaigns/{id}: replaces the campaign's content and images. Like a new campaign, the saved
 * deadline must be ahead, so editing a closed campaign reopens it with its new deadline; paused stays as it
 * was. A change of anything the admin reviewed (all but the deadline) sends an approved or rejected campaign
 * back to review (NONE): an approval covers what was approved, and a rejected brand can fix and resubmit.
 */
export async function updateCampaign(
  deps: { db: Db; clock: Clock },
  brandId: number,
  dealId: number,
  input: CampaignInput,
): Promise<{ id: number }> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const deal = await lockOwnDeal(tx, brandId, dealId);
    assertFutureDeadline(input.deadline, now);
    await claimImages(tx, brandId, input.images, dealId);
    const current = await tx
      .select({ fileId: dealImages.fileId })
      .from(dealImages)
      .where(eq(dealImages.dealId, dealId))
      .orderBy(asc(dealImages.position));
    const reviewStatus = changesReviewedContent(
      deal,
      current.map((image) => image.fileId),
      input,
    )
      ? "NONE"
      : deal.reviewStatus;
    await tx
      .update(deals)
      .set({ ...campaignColumns(input), reviewStatus, updatedAt: now })
      .where(eq(deals.id, dealId));
    await writeImages(tx, dealId, input.images);
    return { id: dealId };
  });
}
