import { z } from "zod";
import type { BrandReviewView } from "./brand-review";
import { FEEDBACK_DELAY_MS, STAR_RATING } from "./constants";
import { RATING_CRITERIA, type RatingCriterion, ROI_SCALE, type Roi } from "./enums";
import { rowId } from "./ids";

/**
 * The brand's feedback on a completed hire (spec sections 2, 3 Feedback, 4, 7 /api/applications/{id}/feedback),
 * shared by the server and the feedback page: the form's rules, the rule of when it opens, and what is answered.
 */

/** Longest comment (iComment, rComment); the database checks it too. */
export const FEEDBACK_COMMENT_MAX_LENGTH = 2_000;

/** The messages of the form's checks (the web shows its i18n keys for the same issues). */
export const FEEDBACK_MESSAGES = {
  rating: `Choose ${STAR_RATING.min} to ${STAR_RATING.max} stars.`,
  yesNo: "Choose yes or no.",
  roi: "Choose how the hire paid off.",
  comment: `At most ${FEEDBACK_COMMENT_MAX_LENGTH} characters.`,
} as const;

/** A rating per criterion, 1 to 5 whole stars (spec section 9: star rating 1 to 5). */
export type FeedbackRating = Record<RatingCriterion, number>;

const stars = z
  .number({ error: FEEDBACK_MESSAGES.rating })
  .int(FEEDBACK_MESSAGES.rating)
  .min(STAR_RATING.min, FEEDBACK_MESSAGES.rating)
  .max(STAR_RATING.max, FEEDBACK_MESSAGES.rating);
const yesNo = z.boolean({ error: FEEDBACK_MESSAGES.yesNo });
const comment = z.string().trim().max(FEEDBACK_COMMENT_MAX_LENGTH, FEEDBACK_MESSAGES.comment).default("");

export const feedbackRatingInput = z.object(
  Object.fromEntries(RATING_CRITERIA.map((criterion) => [criterion, stars])) as Record<RatingCriterion, typeof stars>,
  { error: FEEDBACK_MESSAGES.rating },
);

/** The fields of the feedback form, without the application: what the page checks before sending. */
export const feedbackFieldsInput = z.object({
  rating: feedbackRatingInput,
  /** What the brand says about the influencer (shown to them). */
  iComment: comment,
  workAgain: yesNo,
  droveAction: yesNo,
  roi: z.enum(ROI_SCALE, { error: FEEDBACK_MESSAGES.roi }),
  /** What the brand says about the results, for the platform only. */
  rComment: comment,
  /** The brand lets the platform quote the feedback. */
  allowUse: z.boolean().default(false),
});
export type FeedbackFields = z.output<typeof feedbackFieldsInput>;

/** Body of POST /api/applications/{id}/feedback (tRPC applications.leaveFeedback). */
export const leaveFeedbackInput = feedbackFieldsInput.extend({ id: rowId });
export type LeaveFeedbackInput = z.input<typeof leaveFeedbackInput>;

/** Where an application stands for feedback (spec section 4), as the brand sees it. */
/** `closed`: the reviews' window closed before the brand wrote (issue 40, reviews.ts). */
export const FEEDBACK_STATES = ["not_yet", "open", "given", "closed"] as const;
export type FeedbackState = (typeof FEEDBACK_STATES)[number];

/**
 * When feedback opens: once the money_released message is more than 7 days old (spec sections 4 and 9). The
 * instant it opens is excluded (the message must be older than the delay).
 */
export const feedbackOpensAt = (moneyReleasedAt: Date): Date => new Date(moneyReleasedAt.getTime() + FEEDBACK_DELAY_MS);
export const feedbackIsOpen = (moneyReleasedAt: Date, now: Date): boolean =>
  now.getTime() > feedbackOpensAt(moneyReleasedAt).getTime();

/** What the influencer may read of a feedback: the ratings and the brand's word to them. */
export interface FeedbackForInfluencer {
  rating: FeedbackRating;
  /** The mean of the five ratings, to one decimal. */
  average: number;
  iComment: string;
  workAgain: boolean;
  created: Date;
}

/** A whole feedback, as its brand reads it. */
export interface FeedbackView extends FeedbackForInfluencer {
  droveAction: boolean;
  roi: Roi;
  rComment: string;
  allowUse: boolean;
}

/**
 * The application page's feedback part: for the brand of a COMPLETE application whether it may leave feedback (and
 * from when), or what it gave; for the influencer the feedback once given, its brand-only fields left out. null
 * before COMPLETE, and for the influencer until given.
 */
export type ApplicationFeedback =
  | { state: "not_yet"; opensAt: Date | null }
  | { state: "open" }
  | { state: "closed" }
  | { state: "given"; feedback: FeedbackView | FeedbackForInfluencer; publishedAt: Date; published: boolean };

/** GET /api/applications/{id}/feedback (tRPC applications.feedback): the feedback page's data, for the brand. */
export interface FeedbackPageView {
  applicationId: number;
  deal: { id: number; title: string };
  influencer: { id: number; username: string; picture: string | null };
  /** When the money_released message was written; null if it never was (feedback never opens then). */
  moneyReleasedAt: Date | null;
  /** When the form opens (7 days after moneyReleasedAt); null with it. */
  opensAt: Date | null;
  state: FeedbackState;
  /** The brand's feedback once given. */
  feedback: FeedbackView | null;
  /** When writing closes (issue 40: the reviews' window); null with moneyReleasedAt. */
  closesAt: Date | null;
  /** When the brand's feedback is (or will be) public: the pair's completion or closesAt; null until given. */
  publishedAt: Date | null;
  /** The feedback is public now, by the server's clock. */
  published: boolean;
  /** The influencer's review of the brand, once published (double blind: never before). */
  review: BrandReviewView | null;
}

/** An influencer's feedback on their profile (beyond the spec's fields): how many, and the mean of every rating. */
export interface FeedbackSummary {
  count: number;
  /** The mean of all ratings of all feedback, to one decimal; null without feedback. */
  average: number | null;
}

/** The mean of a feedback's five ratings, to one decimal. */
export function averageRating(rating: FeedbackRating): number {
  const sum = RATING_CRITERIA.reduce((total, criterion) => total + rating[criterion], 0);
  return Math.round((sum / RATING_CRITERIA.length) * 10) / 10;
}
