import {
  type CampaignCountry,
  type CampaignLanguage,
  computeDealStatus,
  type DealView,
  isNewDeal,
  remainingDuration,
} from "@market/contracts";
import {
  and,
  applications,
  brandProfiles,
  brandReliability,
  type Db,
  type Deal,
  dealImages,
  deals,
  desc,
  eq,
  getTableColumns,
  isNull,
  type Placeholders,
  preparedQuery,
  type SQL,
  sql,
  type Tx,
} from "@market/db";
import { ownApplicationFields } from "../applications/own-application";
import { fileUrl } from "../files/picture-url";
import { influencerVisibleDeal } from "./deal-search-parts";

/** A deal's columns but those only its searches read (a copy of its texts, the filters' bit masks). */
const {
  searchText: _searchText,
  networksMask: _n,
  extrasMask: _e,
  countriesMask: _c,
  ...viewColumns
} = getTableColumns(deals);
type ViewedDeal = Omit<Deal, "searchText" | "networksMask" | "extrasMask" | "countriesMask">;

/**
 * Deals with their brand's name, applicant count and image ids (in their order), for `where` to choose: one
 * statement whatever the number of deals, the count and the images read per deal through their deal_id indexes.
 */
const dealFields = {
  deal: viewColumns,
  author: brandProfiles.brandName,
  applicants: sql<number>`(select count(*)::int from ${applications} where ${applications.dealId} = ${deals.id})`,
  imageIds: sql<string[]>`(select coalesce(array_agg(${dealImages.fileId}::text order by ${dealImages.position}),
    '{}')::text[] from ${dealImages} where ${dealImages.dealId} = ${deals.id})`,
};

const dealRows = (db: Db | Tx) =>
  db.select(dealFields).from(deals).leftJoin(brandProfiles, eq(brandProfiles.userId, deals.userId));

type DealRow = Awaited<ReturnType<typeof dealRows>>[number];

/** The brand's live (not deleted) campaigns, newest first: its campaign list. */
export const liveCampaignsOf = preparedQuery("live_campaigns_of", (db, values: Placeholders<{ brandId: number }>) =>
  dealRows(db)
    .where(and(eq(deals.userId, values.brandId), isNull(deals.deletedAt)))
    .orderBy(desc(deals.createdAt), desc(deals.id)),
);

/** One of the brand's live campaigns, or none: its page and its applicants list. */
export const liveCampaign = preparedQuery(
  "live_campaign",
  (db, values: Placeholders<{ dealId: number; brandId: number }>) =>
    dealRows(db).where(and(eq(deals.id, values.dealId), eq(deals.userId, values.brandId), isNull(deals.deletedAt))),
);

/** An influencer is not shown how many applied: their page does not count them (nor name `applications` twice). */
const { applicants: _applicants, ...influencerDealFields } = dealFields;

/** The short form of the brand's reliability (issue 40, point 2): its brand_reliability row by key, if it has one. */
const brandBriefFields = {
  hires: brandReliability.hires,
  timedReleases: brandReliability.timedReleases,
  medianReleaseHours: brandReliability.medianReleaseHours,
};

/**
 * A deal an influencer may see (influencerVisibleDeal) with their own application to it (`own`, null when they
 * have none): their deal page in one statement, the application found by its (deal, influencer) key.
 */
export const influencerDealPage = preparedQuery(
  "influencer_deal_page",
  (db, values: Placeholders<{ dealId: number; influencerId: number }>) =>
    db
      .select({ ...influencerDealFields, own: ownApplicationFields, reliability: brandBriefFields })
      .from(deals)
      .leftJoin(brandProfiles, eq(brandProfiles.userId, deals.userId))
      .leftJoin(brandReliability, eq(brandReliability.brandId, deals.userId))
      .leftJoin(
        applications,
        and(eq(applications.dealId, deals.id), eq(applications.influencerId, values.influencerId)),
      )
      .where(and(eq(deals.id, values.dealId), influencerVisibleDeal())),
);

/** A live deal of any brand, or none (an admin acting as someone reviews any). */
export const liveDeal = preparedQuery("live_deal", (db, values: Placeholders<{ dealId: number }>) =>
  dealRows(db).where(and(eq(deals.id, values.dealId), isNull(deals.deletedAt))),
);

/** Deals as the web shows them (spec section 3), for any set of deals chosen by `where`, newest first. */
export async function loadDealViews(db: Db, now: Date, where: SQL | undefined): Promise<DealView[]> {
  return dealViewsOf(now, await dealRows(db).where(where).orderBy(desc(deals.createdAt), desc(deals.id)));
}

/** The views of deal rows (of the queries above), in their order. */
export function dealViewsOf(now: Date, rows: DealRow[]): DealView[] {
  return rows.map(({ deal, author, applicants, imageIds }) =>
    toDealView(deal, author ?? "", applicants, imageIds, now),
  );
}

export function toDealView(
  deal: ViewedDeal,
  author: string,
  applicants: number,
  imageIds: string[],
  now: Date,
): DealView {
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
    reviewReason: deal.reviewStatus === "KO" ? deal.reviewReason : null,
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
