import { DAY_MS, reviewPublishedAt, reviewWindowClosesAt } from "@market/contracts";
import type { NewBrandReview } from "../schema";
import type { ApplicationDraft } from "./application-draft";
import type { Random } from "./random";
import { BRAND_REVIEW_TEXTS } from "./words/brand-reviews";

/** A review is written a little before the window closes, to stay clear of its edge. */
const EDGE_MS = 0.05 * DAY_MS;

/**
 * The influencers' reviews of the brands (issue 40) on COMPLETE hires, and when each side's review is published by
 * the double-blind rule (contracts reviewPublishedAt): both written, the later one's time; alone, the window's
 * close, which may still be ahead (a review written and waiting). A story's `review` extra forces one or none (the
 * demo accounts see each case); otherwise 60 % of hires are reviewed. From their own stream: the rest of the demo
 * data stays as it was.
 */
export function draftReviews(
  rng: Random,
  applications: readonly (ApplicationDraft & { id: number })[],
  now: Date,
): { reviews: NewBrandReview[]; feedbackPublishedAt: Map<number, Date> } {
  const reviews: NewBrandReview[] = [];
  const feedbackPublishedAt = new Map<number, Date>();
  for (const application of applications) {
    const releasedAt = application.messages.find((message) => message.type === "money_released")?.createdAt;
    if (application.row.status !== "COMPLETE" || !releasedAt) continue;
    const closesAt = reviewWindowClosesAt(releasedAt);
    const writes = application.planned.extras.review ?? rng.chance(0.6);
    const last = Math.min(now.getTime(), closesAt.getTime() - EDGE_MS);
    const createdAt = writes && last > releasedAt.getTime() ? new Date(rng.between(releasedAt.getTime(), last)) : null;
    const feedbackAt = application.feedback?.createdAt ?? null;
    const second =
      createdAt && feedbackAt instanceof Date ? new Date(Math.max(createdAt.getTime(), feedbackAt.getTime())) : null;
    const publishedAt = reviewPublishedAt(second, closesAt);
    if (feedbackAt) feedbackPublishedAt.set(application.id, publishedAt);
    if (!createdAt) continue;
    const stars = () =>
      rng.weighted([
        [5, 45],
        [4, 35],
        [3, 12],
        [2, 6],
        [1, 2],
      ] as const);
    reviews.push({
      applicationId: application.id,
      brandId: application.row.brandId,
      influencerId: application.row.influencerId,
      ratingBrief: stars(),
      ratingCommunication: stars(),
      ratingPayment: stars(),
      ratingFairness: stars(),
      text: rng.pick(BRAND_REVIEW_TEXTS),
      createdAt,
      publishedAt,
    });
  }
  return { reviews, feedbackPublishedAt };
}
