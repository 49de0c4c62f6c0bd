import {
  BRAND_FIGURE_MIN_COUNT,
  BRAND_OPEN_CAMPAIGNS_MAX,
  type BrandProfile,
  remainingDuration,
} from "@market/contracts";
import {
  and,
  brandProfiles,
  brandReliability,
  type Db,
  deals,
  desc,
  eq,
  type Placeholders,
  preparedQuery,
  users,
} from "@market/db";
import type { Clock } from "../../clock";
import { fail } from "../../errors";
import { listable } from "../deals/deal-search-parts";
import { listBrandReviews } from "../reviews/list-reviews";
import { brandFigures, NO_HIRES } from "./brand-figures";

/** The brand's public identity and its kept figures: one row by users' key, brand_profiles' and brand_reliability's. */
const brandRow = preparedQuery("brand_profile_row", (db, values: Placeholders<{ brandId: number }>) =>
  db
    .select({
      company: brandProfiles.brandName,
      about: brandProfiles.about,
      // Null for a brand that never paid a hire (drizzle nulls a left-joined object without a row).
      counts: {
        hires: brandReliability.hires,
        hiresContested: brandReliability.hiresContested,
        hiresRefunded: brandReliability.hiresRefunded,
        releases: brandReliability.releases,
        releasesAutomatic: brandReliability.releasesAutomatic,
        timedReleases: brandReliability.timedReleases,
        medianReleaseHours: brandReliability.medianReleaseHours,
      },
    })
    .from(users)
    .leftJoin(brandProfiles, eq(brandProfiles.userId, users.id))
    .leftJoin(brandReliability, eq(brandReliability.brandId, users.id))
    .where(and(eq(users.id, values.brandId), eq(users.kind, "brand"), eq(users.isAdmin, false))),
);

/**
 * The brand's campaigns open now (the deal search's rule, listable), newest first, at most BRAND_OPEN_CAMPAIGNS_MAX:
 * a bounded walk of deals_user_created_idx backwards.
 */
const openCampaigns = preparedQuery(
  "brand_open_campaigns",
  (db, values: Placeholders<{ brandId: number; now: Date }>) =>
    db
      .select({
        id: deals.id,
        title: deals.title,
        category: deals.category,
        price: deals.price,
        deadline: deals.deadline,
      })
      .from(deals)
      .where(and(eq(deals.userId, values.brandId), ...listable(values.now)))
      .orderBy(desc(deals.createdAt), desc(deals.id))
      .limit(BRAND_OPEN_CAMPAIGNS_MAX),
);

/**
 * GET /api/brands/{id}: a brand's public profile for any signed-in user (visitors see influencers only, spec
 * section 1). Two statements at once, each by an index on the brand, whatever its number of hires: the figures are
 * kept per brand by the brand_reliability triggers (packages/db/src/schema/brand-reliability.ts). An influencer's or
 * an admin's id, like an unknown one, answers not_found. Nothing private: no email, contact, balance or single hire.
 */
export async function getBrandProfile(deps: { db: Db; clock: Clock }, brandId: number): Promise<BrandProfile> {
  const now = deps.clock.now();
  const [[row], campaigns, reviews] = await Promise.all([
    brandRow(deps.db, { brandId }),
    openCampaigns(deps.db, { brandId, now }),
    listBrandReviews(deps, { id: brandId }),
  ]);
  if (!row) fail("not_found");
  const counts = row.counts ?? NO_HIRES;
  return {
    id: brandId,
    company: row.company ?? "",
    about: row.about ?? "",
    hires: counts.hires,
    openCampaigns: campaigns.map(({ deadline, ...campaign }) =>
      Object.assign(campaign, { remainingDuration: remainingDuration(deadline, now) }),
    ),
    figures: brandFigures(counts),
    minimumCount: BRAND_FIGURE_MIN_COUNT,
    reviews,
  };
}
