import { z } from "zod";
import { BRAND_CRITERIA } from "../brand-review";
import { REVIEW_SIDES, REVIEW_STATES } from "../reviews";
import { answerSchemas, isoInstant } from "./registry";

const brandRating = z.object(
  Object.fromEntries(BRAND_CRITERIA.map((criterion) => [criterion, z.number().int()])) as Record<
    (typeof BRAND_CRITERIA)[number],
    z.ZodNumber
  >,
);

/** An influencer's review of a brand (BrandReviewView): its writer's, or anyone's once published. */
export const brandReviewAnswer = z
  .object({
    rating: brandRating,
    average: z.number(),
    text: z.string(),
    created: isoInstant,
    publishedAt: isoInstant.describe("When it is (or will be) public: both reviews written, or the window's close."),
    published: z.boolean().describe("Public now, by the server's clock."),
  })
  .register(answerSchemas, { id: "BrandReview" });

/**
 * The application page's review part (ApplicationReview): for the influencer of a COMPLETE hire whether they may
 * write it (and until when) or what they wrote; for the brand the review once published only.
 */
export const applicationReviewAnswer = z
  .discriminatedUnion("state", [
    z.object({ state: z.literal("not_yet") }),
    z.object({ state: z.literal("open"), closesAt: isoInstant }),
    z.object({ state: z.literal("given"), review: brandReviewAnswer }),
    z.object({ state: z.literal("closed") }),
  ])
  .register(answerSchemas, { id: "ApplicationReview" });

/** GET /api/applications/{id}/review: the influencer's review page (ReviewPageView). */
export const reviewPageAnswer = z
  .object({
    applicationId: z.number().int(),
    deal: z.object({ id: z.number().int(), title: z.string() }),
    brand: z.object({ id: z.number().int(), name: z.string(), picture: z.string().nullable() }),
    state: z.enum(REVIEW_STATES),
    closesAt: isoInstant.nullable(),
    review: brandReviewAnswer.nullable(),
  })
  .register(answerSchemas, { id: "ReviewPage" });

/** A page of a profile's published reviews, newest first (ReviewListPage). */
export const reviewListAnswer = z
  .object({
    reviews: z.array(
      z.object({
        applicationId: z.number().int(),
        side: z.enum(REVIEW_SIDES),
        campaign: z.string(),
        author: z.string(),
        average: z.number(),
        ratings: z.record(z.string(), z.number().int()),
        text: z.string(),
        publishedAt: isoInstant,
      }),
    ),
    nextCursor: z.string().nullable(),
  })
  .register(answerSchemas, { id: "ReviewList" });
