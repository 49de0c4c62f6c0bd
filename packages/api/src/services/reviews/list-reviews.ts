import {
  averageBrandRating,
  averageRating,
  type PublishedReview,
  REVIEW_PAGE_SIZE,
  type ReviewListPage,
} from "@market/contracts";
import {
  and,
  applications,
  brandProfiles,
  brandReviews,
  type Db,
  deals,
  eq,
  feedback,
  isNull,
  lte,
  type SQLWrapper,
  users,
} from "@market/db";
import type { Clock } from "../../clock";
import { fail } from "../../errors";
import { accountNameSql } from "../account/account-name";
import { feedbackRatingOf } from "../applications/feedback/feedback-rows";
import { afterConsoleKey, consoleMicrosOf, consoleOrderBy, decodeConsoleKey, pageOf } from "../console/keyset";
import { resolveInfluencerRef } from "../influencers/search-id";
import { brandRatingOf } from "./review-rows";

/** Published (at `now`, contracts isReviewPublished as stored) and not hidden by an admin. */
const publishedWhere = (publishedAt: SQLWrapper, hiddenAt: SQLWrapper, now: Date) =>
  and(lte(publishedAt as never, now), isNull(hiddenAt as never));

/**
 * tRPC reviews.ofBrand, GET /api/brands/{id}/reviews (issue 40, point 3): the influencers' published reviews of a
 * brand, newest first, with the campaign of the hire each came from; keyset-paged on brand_reviews_brand_published_idx
 * (brand, published_at, application), so a page costs REVIEW_PAGE_SIZE + 1 index rows whatever the brand's count.
 * An unpublished review is in no page (double blind); an id that is no brand has none.
 */
export async function listBrandReviews(
  deps: { db: Db; clock: Clock },
  input: { id: number; cursor?: string | undefined },
): Promise<ReviewListPage> {
  const key = decodeConsoleKey(input.cursor);
  const r = brandReviews;
  const rows = await deps.db
    .select({
      micros: consoleMicrosOf(r.publishedAt),
      row: r,
      campaign: deals.title,
      author: users.username,
    })
    .from(r)
    .innerJoin(applications, eq(applications.id, r.applicationId))
    .innerJoin(deals, eq(deals.id, applications.dealId))
    .innerJoin(users, eq(users.id, r.influencerId))
    .where(
      and(
        eq(r.brandId, input.id),
        publishedWhere(r.publishedAt, r.hiddenAt, deps.clock.now()),
        afterConsoleKey(key, "newest", r.publishedAt, r.applicationId),
      ),
    )
    .orderBy(...consoleOrderBy("newest", r.publishedAt, r.applicationId))
    .limit(REVIEW_PAGE_SIZE + 1);
  const page = pageOf(rows, REVIEW_PAGE_SIZE, (row) => ({ micros: Number(row.micros), id: row.row.applicationId }));
  return {
    reviews: page.rows.map(({ row, campaign, author }): PublishedReview => {
      const ratings = brandRatingOf(row);
      return {
        applicationId: row.applicationId,
        side: "of_brand",
        campaign,
        author,
        average: averageBrandRating(ratings),
        ratings,
        text: row.text,
        publishedAt: row.publishedAt,
      };
    }),
    nextCursor: page.nextCursor,
  };
}

/**
 * tRPC reviews.ofInfluencer (issue 40, point 3): the brands' published feedback on an influencer, newest first, with
 * the campaign; keyset-paged on feedback_influencer_published_idx. What is public of a feedback: the ratings and the
 * brand's word to the influencer (iComment); the results, ROI and the private comment (rComment) stay the brand's.
 * The influencer is named as on their profile (numeric id or search id); a search id that does not verify is
 * not_found.
 */
export async function listInfluencerReviews(
  deps: { db: Db; clock: Clock; searchIdSecret: string },
  input: { id: number | string; cursor?: string | undefined },
): Promise<ReviewListPage> {
  const resolved = resolveInfluencerRef(deps.searchIdSecret, input.id);
  if (!resolved) fail("not_found");
  const key = decodeConsoleKey(input.cursor);
  const f = feedback;
  const rows = await deps.db
    .select({
      micros: consoleMicrosOf(f.publishedAt),
      row: f,
      campaign: deals.title,
      author: accountNameSql(brandProfiles.brandName, users.username),
    })
    .from(f)
    .innerJoin(applications, eq(applications.id, f.applicationId))
    .innerJoin(deals, eq(deals.id, applications.dealId))
    .innerJoin(users, eq(users.id, applications.brandId))
    .leftJoin(brandProfiles, eq(brandProfiles.userId, users.id))
    .where(
      and(
        eq(f.influencerId, resolved.userId),
        publishedWhere(f.publishedAt, f.hiddenAt, deps.clock.now()),
        afterConsoleKey(key, "newest", f.publishedAt, f.applicationId),
      ),
    )
    .orderBy(...consoleOrderBy("newest", f.publishedAt, f.applicationId))
    .limit(REVIEW_PAGE_SIZE + 1);
  const page = pageOf(rows, REVIEW_PAGE_SIZE, (row) => ({ micros: Number(row.micros), id: row.row.applicationId }));
  return {
    reviews: page.rows.map(({ row, campaign, author }): PublishedReview => {
      const ratings = feedbackRatingOf(row);
      return {
        applicationId: row.applicationId,
        side: "of_influencer",
        campaign,
        author,
        average: averageRating(ratings),
        ratings,
        text: row.iComment,
        publishedAt: row.publishedAt,
      };
    }),
    nextCursor: page.nextCursor,
  };
}
