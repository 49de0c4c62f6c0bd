import { averageBrandRating, type BrandRating, type BrandReviewView } from "@market/contracts";
import { type BrandReview, brandReviews, type Db, eq, type Placeholders, preparedQuery, type Tx } from "@market/db";

/** The application's review of its brand, or null. */
export async function brandReviewRowOf(db: Db | Tx, applicationId: number): Promise<BrandReview | null> {
  const [row] = await reviewOfApplication(db, { applicationId });
  return row ?? null;
}

const reviewOfApplication = preparedQuery(
  "brand_review_of_application",
  (db, values: Placeholders<{ applicationId: number }>) =>
    db.select().from(brandReviews).where(eq(brandReviews.applicationId, values.applicationId)),
);

export const brandRatingOf = (row: BrandReview): BrandRating => ({
  brief: row.ratingBrief,
  communication: row.ratingCommunication,
  payment: row.ratingPayment,
  fairness: row.ratingFairness,
});

/** The review as its writer reads it, and as the brand reads it once published. */
export function brandReviewView(row: BrandReview, now: Date): BrandReviewView {
  const rating = brandRatingOf(row);
  return {
    rating,
    average: averageBrandRating(rating),
    text: row.text,
    created: row.createdAt,
    publishedAt: row.publishedAt,
    published: isPublicAt(row, now),
  };
}

/** Public at `now` (the double blind, contracts isReviewPublished as stored in published_at) and not hidden. */
export const isPublicAt = (row: { publishedAt: Date; hiddenAt: Date | null }, now: Date): boolean =>
  row.hiddenAt === null && row.publishedAt.getTime() <= now.getTime();
