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
  type Placeholders,
  type Preparable,
  preparedQuery,
  users,
} from "@market/db";
import type { Clock } from "../../clock";
import { fail } from "../../errors";
import { accountNameSql } from "../account/account-name";
import { feedbackRatingOf } from "../applications/feedback/feedback-rows";
import {
  afterKeyOf,
  type ConsoleKey,
  consoleMicrosOf,
  consoleOrderBy,
  decodeConsoleKey,
  pageOf,
} from "../console/keyset";
import { resolveInfluencerRef } from "../influencers/search-id";
import { brandRatingOf } from "./review-rows";

/** A page's values: the subject, the request's now and the page's size; after a key, the key's parts too. */
type PageValues = { id: number; now: Date; limit: number };
type KeyValues = { micros: number; after: number };
type KeyPlaceholders = Placeholders<KeyValues>;

/**
 * A reviews list's two statements, each built and prepared once (issue 33: built by drizzle at every request, the
 * list cost the brand's profile most of its time): the first page, and a page after a key. `rows` selects a page of
 * the subject's reviews published at `now` (contracts isReviewPublished, as stored) and not hidden by an admin,
 * newest first, after the key's placeholders when given.
 */
function pagedReviews<Row>(
  name: string,
  rows: (db: Db, values: Placeholders<PageValues>, key?: KeyPlaceholders) => Preparable<Row[]>,
) {
  const first = preparedQuery(`${name}_first`, (db, values: Placeholders<PageValues>) => rows(db, values));
  const next = preparedQuery(`${name}_after`, (db, values: Placeholders<PageValues & KeyValues>) =>
    rows(db, values, values),
  );
  return (db: Db, id: number, now: Date, key: ConsoleKey | null): Promise<Row[]> => {
    const values = { id, now, limit: REVIEW_PAGE_SIZE + 1 };
    return key ? next(db, { ...values, micros: key.micros, after: key.id }) : first(db, values);
  };
}

const brandReviewRows = pagedReviews("brand_reviews", (db, values, key) => {
  const r = brandReviews;
  return db
    .select({ micros: consoleMicrosOf(r.publishedAt), row: r, campaign: deals.title, author: users.username })
    .from(r)
    .innerJoin(applications, eq(applications.id, r.applicationId))
    .innerJoin(deals, eq(deals.id, applications.dealId))
    .innerJoin(users, eq(users.id, r.influencerId))
    .where(
      and(
        eq(r.brandId, values.id),
        lte(r.publishedAt, values.now),
        isNull(r.hiddenAt),
        key && afterKeyOf("newest", r.publishedAt, r.applicationId, key.micros, key.after),
      ),
    )
    .orderBy(...consoleOrderBy("newest", r.publishedAt, r.applicationId))
    .limit(values.limit);
});

const influencerReviewRows = pagedReviews("influencer_reviews", (db, values, key) => {
  const f = feedback;
  return db
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
        eq(f.influencerId, values.id),
        lte(f.publishedAt, values.now),
        isNull(f.hiddenAt),
        key && afterKeyOf("newest", f.publishedAt, f.applicationId, key.micros, key.after),
      ),
    )
    .orderBy(...consoleOrderBy("newest", f.publishedAt, f.applicationId))
    .limit(values.limit);
});

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
  const rows = await brandReviewRows(deps.db, input.id, deps.clock.now(), decodeConsoleKey(input.cursor));
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
  const rows = await influencerReviewRows(deps.db, resolved.userId, deps.clock.now(), decodeConsoleKey(input.cursor));
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
