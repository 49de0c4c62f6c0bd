import { z } from "zod";
import { roi } from "../enum-schemas";
import { RATING_CRITERIA } from "../enums";
import { FEEDBACK_STATES } from "../feedback";
import { answerSchemas, isoInstant } from "./registry";
import { brandReviewAnswer } from "./reviews";

/** What the influencer may read of a feedback (FeedbackForInfluencer): the ratings and the brand's word to them. */
export const feedbackForInfluencerAnswer = z
  .object({
    rating: z.object(
      Object.fromEntries(RATING_CRITERIA.map((criterion) => [criterion, z.number().int()])) as Record<
        (typeof RATING_CRITERIA)[number],
        z.ZodNumber
      >,
    ),
    average: z.number(),
    iComment: z.string(),
    workAgain: z.boolean(),
    created: isoInstant,
  })
  .register(answerSchemas, { id: "FeedbackForInfluencer" });

/** A whole feedback as its brand reads it (FeedbackView); POST /api/applications/{id}/feedback answers it. */
export const feedbackAnswer = feedbackForInfluencerAnswer
  .extend({ droveAction: z.boolean(), roi, rComment: z.string(), allowUse: z.boolean() })
  .register(answerSchemas, { id: "Feedback" });

/** GET /api/applications/{id}/feedback: the brand's feedback page (FeedbackPageView). */
export const feedbackPageAnswer = z
  .object({
    applicationId: z.number().int(),
    deal: z.object({ id: z.number().int(), title: z.string() }),
    influencer: z.object({ id: z.number().int(), username: z.string(), picture: z.string().nullable() }),
    moneyReleasedAt: isoInstant.nullable(),
    opensAt: isoInstant.nullable(),
    state: z.enum(FEEDBACK_STATES),
    feedback: feedbackAnswer.nullable(),
    closesAt: isoInstant.nullable().describe("When writing closes (the reviews' window); null with moneyReleasedAt."),
    publishedAt: isoInstant.nullable().describe("When the feedback is (or will be) public; null until given."),
    published: z.boolean().describe("The feedback is public now, by the server's clock."),
    review: brandReviewAnswer.nullable().describe("The influencer's review of the brand, once published."),
  })
  .register(answerSchemas, { id: "FeedbackPage" });

/**
 * The application page's feedback part (ApplicationFeedback): for the brand whether it may leave feedback, or
 * what it gave; for the influencer the feedback once given, without the brand-only fields.
 */
export const applicationFeedbackAnswer = z
  .discriminatedUnion("state", [
    z.object({ state: z.literal("not_yet"), opensAt: isoInstant.nullable() }),
    z.object({ state: z.literal("open") }),
    z.object({ state: z.literal("closed") }),
    z.object({
      state: z.literal("given"),
      feedback: z.union([feedbackAnswer, feedbackForInfluencerAnswer]),
      publishedAt: isoInstant,
      published: z.boolean(),
    }),
  ])
  .register(answerSchemas, { id: "ApplicationFeedback" });
