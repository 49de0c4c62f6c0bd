import {
  type CampaignCountry,
  type CampaignLanguage,
  computeDealStatus,
  type DealView,
  isNewDeal,
  remainingDuration,
} from "@market/contracts";
import {
  applications,
  asc,
  brandProfiles,
  count,
  type Db,
  type Deal,
  dealImages,
  deals,
  desc,
  eq,
  inArray,
  type SQL,
} from "@market/db";
import { fileUrl } from "../files/picture-url";

/**
 * Deals as the web shows them (spec section 3), for any set of deals chosen by `where`. Three queries whatever
 * the number of deals: the deals with their brand's name, the applicant counts grouped by deal, the images.
 */
export async function loadDealViews(db: Db, now: Date, where: SQL | undefined): Promise<DealView[]> {
  const rows = await db
    .select({ deal: deals, author: brandProfiles.brandName })
    .from(deals)
    .leftJoin(brandProfiles, eq(brandProfiles.userId, deals.userId))
    .where(where)
    .orderBy(desc(deals.createdAt), desc(deals.id));
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.deal.id);

  const [counts, images] = await Promise.all([
    db
      .select({ dealId: applications.dealId, applicants: count() })
      .from(applications)
      .where(inArray(applications.dealId, ids))
      .groupBy(applications.dealId),
    db
      .select({ dealId: dealImages.dealId, fileId: dealImages.fileId })
      .from(dealImages)
      .where(inArray(dealImages.dealId, ids))
      .orderBy(asc(dealImages.dealId), asc(dealImages.position)),
  ]);
  const applicantsOf = new Map(counts.map((row) => [row.dealId, row.applicants]));
  const imagesOf = new Map<number, string[]>();
  for (const image of images) imagesOf.set(image.dealId, [...(imagesOf.get(image.dealId) ?? []), image.fileId]);

  return rows.map(({ deal, author }) =>
    toDealView(deal, author ?? "", applicantsOf.get(deal.id) ?? 0, imagesOf.get(deal.id) ?? [], now),
  );
}

export function toDealView(deal: Deal, author: string, applicants: number, imageIds: string[], now: Date): DealView {
  return {
    id: deal.id,
    title: deal.title,
    author,
    link: deal.link,
    category: deal.category,
    price: deal.price,
    images: imageIds.map((id) => ({ id, url: fileUrl(id) })),
    description: deal.description,
    networks: deal.networks,
    deadline: deal.deadline,
    created: deal.createdAt,
    updated: deal.updatedAt,
    remainingDuration: remainingDuration(deal.deadline, now),
    status: computeDealStatus(deal, now),
    paused: deal.paused,
    applicants,
    badReview: deal.reviewStatus !== "OK",
    reviewStatus: deal.reviewStatus,
    aAbout: deal.aAbout,
    aCountries: deal.aCountries as CampaignCountry[],
    aLanguages: deal.aLanguages as CampaignLanguage[],
    extras: deal.extras,
    eDiscount: deal.eDiscount ?? "",
    eGiveaway: deal.eGiveaway ?? "",
    eFree: deal.eFree ?? "",
    isNew: isNewDeal(deal.createdAt, now),
  };
}
