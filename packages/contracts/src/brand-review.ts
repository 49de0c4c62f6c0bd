/**
 * The influencer's review of a brand (issue 40) as answered: its criteria and its view, apart from reviews.ts so
 * that feedback.ts may name it without a cycle.
 */

/** What an influencer rates a brand on, 1 to 5 stars each (the brand's feedback rates five criteria the same way). */
export const BRAND_CRITERIA = ["brief", "communication", "payment", "fairness"] as const;
export type BrandCriterion = (typeof BRAND_CRITERIA)[number];
export type BrandRating = Record<BrandCriterion, number>;

/** An influencer's review of a brand, as its writer reads it (and everyone once published). */
export interface BrandReviewView {
  rating: BrandRating;
  average: number;
  text: string;
  created: Date;
  /** When it is (or will be) public: the pair's completion or the window's close. */
  publishedAt: Date;
  /** Public now, by the server's clock (double blind). */
  published: boolean;
}
