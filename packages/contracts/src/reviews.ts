import { z } from "zod";
import { adminReason, consoleCursor } from "./admin-console";
import { BRAND_CRITERIA, type BrandCriterion, type BrandRating, type BrandReviewView } from "./brand-review";
import { FEEDBACK_DELAY_MS, STAR_RATING } from "./constants";
import { rowId } from "./ids";
import { influencerRef } from "./influencers";
import { DAY_MS } from "./time";

/**
 * Reviews both ways (issue 40, point 3): the influencer's review of the brand beside the brand's feedback on the
 * influencer (feedback.ts), and the double-blind rule that publishes both. Shared by the server, the review page
 * and the profiles' review lists.
 */

/** Longest text of a review of a brand; the database checks it too. As long as the brand's comments may be. */
export const REVIEW_TEXT_MAX_LENGTH = 2_000;

/**
 * How long both sides have to write, counted from the moment the brand's feedback opens (7 days after the release):
 * the window closes 21 days after the money was released. Long enough for a brand that reviews weekly, short
 * enough that a hire's reputation shows while it is still news (docs/product.md, "Reviews both ways").
 */
export const REVIEW_WINDOW_MS = 14 * DAY_MS;

/** When neither side may write any more, and a review written alone is published: 21 days after the release. */
export const reviewWindowClosesAt = (moneyReleasedAt: Date): Date =>
  new Date(moneyReleasedAt.getTime() + FEEDBACK_DELAY_MS + REVIEW_WINDOW_MS);

/**
 * The double-blind rule, the one every read applies: a written review is public once both sides have written theirs,
 * or once the window to write has closed (whoever wrote alone is published then). Never before: neither side reads
 * the other's before writing its own.
 */
export function isReviewPublished(pair: { bothWritten: boolean; windowClosed: boolean }): boolean {
  return pair.bothWritten || pair.windowClosed;
}

/**
 * The instant from which a review is public, stored with it (published_at) so that reads filter `published_at <=
 * now` on an index: when the second review of the pair is written, else when the window closes. Writing is refused
 * once the window has closed, so a second review always comes before the close. Equal, at every `now`, to
 * isReviewPublished (reviews.test.ts checks it).
 */
export function reviewPublishedAt(secondWrittenAt: Date | null, windowClosesAt: Date): Date {
  return secondWrittenAt !== null && secondWrittenAt < windowClosesAt ? secondWrittenAt : windowClosesAt;
}

/** The messages of the review form's checks (the web shows its i18n keys for the same issues). */
export const REVIEW_MESSAGES = {
  rating: `Choose ${STAR_RATING.min} to ${STAR_RATING.max} stars.`,
  text: `At most ${REVIEW_TEXT_MAX_LENGTH} characters.`,
} as const;

const stars = z
  .number({ error: REVIEW_MESSAGES.rating })
  .int(REVIEW_MESSAGES.rating)
  .min(STAR_RATING.min, REVIEW_MESSAGES.rating)
  .max(STAR_RATING.max, REVIEW_MESSAGES.rating);

export const brandRatingInput = z.object(
  Object.fromEntries(BRAND_CRITERIA.map((criterion) => [criterion, stars])) as Record<BrandCriterion, typeof stars>,
  { error: REVIEW_MESSAGES.rating },
);

/** The fields of the review form: what the page checks before sending. */
export const brandReviewFieldsInput = z.object({
  rating: brandRatingInput,
  /** What the influencer says of the brand; public once published. */
  text: z.string().trim().max(REVIEW_TEXT_MAX_LENGTH, REVIEW_MESSAGES.text).default(""),
});
export type BrandReviewFields = z.output<typeof brandReviewFieldsInput>;

/** Body of POST /api/applications/{id}/review (tRPC applications.writeReview). */
export const writeReviewInput = brandReviewFieldsInput.extend({ id: rowId });
export type WriteReviewInput = z.input<typeof writeReviewInput>;

/** The mean of a review's ratings, to one decimal. */
export function averageBrandRating(rating: BrandRating): number {
  const sum = BRAND_CRITERIA.reduce((total, criterion) => total + rating[criterion], 0);
  return Math.round((sum / BRAND_CRITERIA.length) * 10) / 10;
}

/**
 * Where both reviews of a completed hire stand, for one side: its own review's state and, once published, the other
 * side's. `closesAt` is when writing closes and a lone review is published; null before the release.
 */
export interface ReviewPairStatus {
  closesAt: Date | null;
  /** The other side has written theirs (never what: that is the double blind). */
  otherWritten: boolean;
}

/** GET /api/applications/{id}/review (tRPC applications.review): the influencer's review page. */
export interface ReviewPageView {
  applicationId: number;
  deal: { id: number; title: string };
  brand: { id: number; name: string; picture: string | null };
  /** not_yet before COMPLETE, open until the window closes, given once written, closed after the window. */
  state: ReviewState;
  closesAt: Date | null;
  review: BrandReviewView | null;
}

export const REVIEW_STATES = ["not_yet", "open", "given", "closed"] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

/** Which review a profile lists or a report names: the brand's feedback on an influencer, or an influencer's review of a brand. */
export const REVIEW_SIDES = ["of_influencer", "of_brand"] as const;
export type ReviewSide = (typeof REVIEW_SIDES)[number];

/** Rows of a profile's review list page. */
export const REVIEW_PAGE_SIZE = 10;

/** Input of tRPC reviews.ofBrand (GET /api/brands/{id}/reviews): the brand's id and the page's cursor. */
export const brandReviewListInput = z.object({ id: rowId, cursor: consoleCursor });
/** Input of tRPC reviews.ofInfluencer: the influencer as their profile names them (numeric or search id). */
export const influencerReviewListInput = z.object({ id: influencerRef, cursor: consoleCursor });
export type ReviewListInput = z.input<typeof brandReviewListInput>;

/** One published review on a profile, newest first, with the hire it came from. */
export interface PublishedReview {
  applicationId: number;
  side: ReviewSide;
  /** The campaign the hire was for. */
  campaign: string;
  /** Who wrote it: the brand's name, or the influencer's username. */
  author: string;
  /** The mean rating, to one decimal, and the ratings per criterion. */
  average: number;
  ratings: Record<string, number>;
  text: string;
  publishedAt: Date;
}

export interface ReviewListPage {
  reviews: PublishedReview[];
  nextCursor: string | null;
}

/** Why a review is reported to the operator. */
export const REVIEW_REPORT_REASONS = ["offensive", "false", "personal_data", "spam", "other"] as const;
export type ReviewReportReason = (typeof REVIEW_REPORT_REASONS)[number];
export const REVIEW_REPORT_REASON_LABELS: Record<ReviewReportReason, string> = {
  offensive: "Offensive or abusive",
  false: "False or misleading",
  personal_data: "Shares personal data",
  spam: "Spam or unrelated",
  other: "Other",
};
export const REVIEW_REPORT_NOTE_MAX = 1000;

/** Body of tRPC reviews.report: a published review, why, and an optional note. */
export const reportReviewInput = z.object({
  applicationId: rowId,
  side: z.enum(REVIEW_SIDES),
  reason: z.enum(REVIEW_REPORT_REASONS, { error: "Choose a reason from the list." }),
  note: z.string().trim().max(REVIEW_REPORT_NOTE_MAX, `At most ${REVIEW_REPORT_NOTE_MAX} characters.`).default(""),
});
export type ReportReviewInput = z.input<typeof reportReviewInput>;

/** One report in the console's queue (admin.console.reviews.list). */
export interface ReviewReportRow {
  id: number;
  applicationId: number;
  side: ReviewSide;
  reason: ReviewReportReason;
  note: string;
  reporter: { id: number; username: string };
  created: Date;
  /** The review as reported: its text, and whether an admin hid it. */
  text: string;
  hidden: boolean;
}

export interface ReviewReportPage {
  rows: ReviewReportRow[];
  nextCursor: string | null;
}

export const reviewReportListInput = z.object({ cursor: consoleCursor });

/**
 * Body of admin.console.reviews.hide: hides (or shows again) the reported review everywhere, with the admin's
 * reason, which the audit log keeps (every console decision carries one).
 */
export const hideReviewInput = z.object({
  applicationId: rowId,
  side: z.enum(REVIEW_SIDES),
  hidden: z.boolean(),
  reason: adminReason,
});

/**
 * The application page's part of the influencer's review of the brand (ApplicationPageView.review): for the
 * influencer of a COMPLETE hire whether they may write it (and until when) or what they wrote, with when it is
 * published; for the brand the review once published only. null otherwise.
 */
export type ApplicationReview =
  | { state: "not_yet" }
  | { state: "open"; closesAt: Date }
  | { state: "given"; review: BrandReviewView }
  | { state: "closed" };
