import type { CampaignInput, Extra } from "@market/contracts";
import { and, type Db, type Deal, dealImages, deals, eq, files, inArray, isNull, ne, type Tx } from "@market/db";
import { fail, failField } from "../../errors";

export const DEADLINE_PAST_MESSAGE = "The deadline must be in the future.";
export const IMAGE_UNAVAILABLE_MESSAGE = "An image is not available: upload it again.";

/** Every save (create or edit) needs a deadline ahead of now: a campaign is never saved already closed. */
export function assertFutureDeadline(deadline: Date, now: Date): void {
  if (deadline.getTime() <= now.getTime()) failField(["deadline"], DEADLINE_PAST_MESSAGE);
}

const extraText = (input: CampaignInput, extra: Extra, text: string) =>
  input.extras.includes(extra) && text !== "" ? text : null;

/** The deal columns a campaign body sets. A text is kept only for a chosen extra. */
export function campaignColumns(input: CampaignInput) {
  return {
    title: input.title,
    link: input.link,
    category: input.category,
    price: input.price,
    description: input.description,
    networks: input.networks,
    deadline: input.deadline,
    aAbout: input.aAbout,
    aCountries: input.aCountries,
    aLanguages: input.aLanguages,
    extras: input.extras,
    eDiscount: extraText(input, "discount", input.eDiscount),
    eGiveaway: extraText(input, "giveaway", input.eGiveaway),
    eFree: extraText(input, "free", input.eFree),
  };
}

type ReviewedColumns = Omit<ReturnType<typeof campaignColumns>, "deadline" | "aCountries" | "aLanguages"> & {
  aCountries: string[];
  aLanguages: string[];
};

/** What the admin reviewed: everything a brand shows influencers, except the deadline. */
function reviewedContent(columns: ReviewedColumns, imageIds: string[]) {
  return JSON.stringify([
    columns.title,
    columns.link,
    columns.category,
    columns.price,
    columns.description,
    columns.networks,
    columns.aAbout,
    columns.aCountries,
    columns.aLanguages,
    columns.extras,
    columns.eDiscount,
    columns.eGiveaway,
    columns.eFree,
    imageIds,
  ]);
}

/** Whether an edit changes what the admin reviewed (moving the deadline alone does not). */
export function changesReviewedContent(deal: Deal, currentImageIds: string[], input: CampaignInput): boolean {
  return reviewedContent(deal, currentImageIds) !== reviewedContent(campaignColumns(input), input.images);
}

/**
 * Takes the brand's uploaded deal images for a deal: each must be a deal_image file the brand uploaded and
 * not attached to another deal (`dealId` is the deal being edited, null on create). The files' rows are locked
 * first, then the attachment is read in a fresh statement, so two saves racing for one image cannot both win.
 */
export async function claimImages(tx: Tx | Db, brandId: number, imageIds: string[], dealId: number | null) {
  if (imageIds.length === 0) return;
  const owned = await tx
    .select({ id: files.id })
    .from(files)
    .where(and(inArray(files.id, imageIds), eq(files.ownerId, brandId), eq(files.purpose, "deal_image")))
    .for("update");
  if (owned.length !== imageIds.length) failField(["images"], IMAGE_UNAVAILABLE_MESSAGE);
  const attached = await tx
    .select({ fileId: dealImages.fileId })
    .from(dealImages)
    .where(
      dealId === null
        ? inArray(dealImages.fileId, imageIds)
        : and(inArray(dealImages.fileId, imageIds), ne(dealImages.dealId, dealId)),
    )
    .limit(1);
  if (attached.length > 0) failField(["images"], IMAGE_UNAVAILABLE_MESSAGE);
}

/** Replaces a deal's images; their order in the list is their position. */
export async function writeImages(tx: Tx | Db, dealId: number, imageIds: string[]) {
  await tx.delete(dealImages).where(eq(dealImages.dealId, dealId));
  if (imageIds.length > 0) {
    await tx.insert(dealImages).values(imageIds.map((fileId, position) => ({ dealId, fileId, position })));
  }
}

/**
 * The brand's own live deal, locked for the rest of the transaction so that concurrent actions on it run one
 * after the other. Another brand's deal, a deleted one or an unknown id are all not_found: the answer never
 * tells whether a deal exists.
 */
export async function lockOwnDeal(tx: Tx | Db, brandId: number, dealId: number): Promise<Deal> {
  const [deal] = await tx
    .select()
    .from(deals)
    .where(and(eq(deals.id, dealId), isNull(deals.deletedAt)))
    .for("update");
  if (!deal || deal.userId !== brandId) fail("not_found");
  return deal;
}
