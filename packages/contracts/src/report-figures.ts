import type { ReportBucket, ReportFigures } from "./reports";
import { DAY_MS } from "./time";

/**
 * The formulas of the campaign report (issue 40 point 1), in one place for the server, the web and the CSV; the
 * report's sums come from services/reports. docs/product.md ("Campaign reports") says the same in words.
 *
 * - paid: B summed over the hires, what the brand's card paid into escrow (fees included; money.md).
 * - fees: B - P summed, the brand's fee over the hired networks' prices P.
 * - refunded: B of the hires refunded to the brand.
 * - spend: paid - refunded, what the brand is out of pocket.
 * - views, likes, comments: each delivered post's latest statistics reading, summed.
 * - engagements: likes + comments.
 * - engagement rate: engagements / views (null without views).
 * - cost per engagement: spend / engagements, in cents rounded half up (null without engagements).
 * - cost per thousand views (CPM): spend * 1000 / views, in cents rounded half up (null without views).
 */
export interface ReportSums {
  hires: number;
  posts: number;
  paidCents: number;
  feesCents: number;
  refundedCents: number;
  views: number;
  likes: number;
  comments: number;
}

export const NO_REPORT_SUMS: ReportSums = {
  hires: 0,
  posts: 0,
  paidCents: 0,
  feesCents: 0,
  refundedCents: 0,
  views: 0,
  likes: 0,
  comments: 0,
};

/** The sums of two sets of hires. */
export function addSums(a: ReportSums, b: ReportSums): ReportSums {
  return {
    hires: a.hires + b.hires,
    posts: a.posts + b.posts,
    paidCents: a.paidCents + b.paidCents,
    feesCents: a.feesCents + b.feesCents,
    refundedCents: a.refundedCents + b.refundedCents,
    views: a.views + b.views,
    likes: a.likes + b.likes,
    comments: a.comments + b.comments,
  };
}

/** The figures the sums give (the formulas above). */
export function reportFigures(sums: ReportSums): ReportFigures {
  const spendCents = sums.paidCents - sums.refundedCents;
  const engagements = sums.likes + sums.comments;
  return {
    ...sums,
    spendCents,
    engagements,
    engagementRate: sums.views > 0 ? engagements / sums.views : null,
    costPerEngagementCents: engagements > 0 ? Math.round(spendCents / engagements) : null,
    costPerThousandViewsCents: sums.views > 0 ? Math.round((spendCents * 1000) / sums.views) : null,
  };
}

/**
 * A hire's cents split over its networks in proportion to their prices, in whole cents that add up to the total
 * (largest remainder, ties to the earlier network): a hire of several networks counts toward each network's row,
 * and the rows still add up to the report's total.
 */
export function splitCents(totalCents: number, weights: readonly number[]): number[] {
  const weightSum = weights.reduce((sum, weight) => sum + weight, 0);
  if (weights.length === 0) return [];
  if (weightSum <= 0) return weights.map((_, index) => (index === 0 ? totalCents : 0));
  const exact = weights.map((weight) => (totalCents * weight) / weightSum);
  const parts = exact.map(Math.floor);
  let left = totalCents - parts.reduce((sum, part) => sum + part, 0);
  const order = exact.map((value, index) => ({ index, remainder: value - Math.floor(value) }));
  order.sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    parts[index] = (parts[index] ?? 0) + 1;
    left -= 1;
  }
  return parts;
}

/** Up to this many days a report's time line counts by day; longer, by week (at most 53 points either way). */
export const REPORT_DAILY_UP_TO_DAYS = 62;

/** The bucket of a time line from `start` to `end` (instants, end excluded). */
export function reportBucketFor(start: Date, end: Date): ReportBucket {
  return end.getTime() - start.getTime() <= REPORT_DAILY_UP_TO_DAYS * DAY_MS ? "day" : "week";
}

/** The first UTC day of the instant's bucket, as an instant: its day, or the Monday of its ISO week. */
export function bucketStart(instant: Date, bucket: ReportBucket): Date {
  const day = Math.floor(instant.getTime() / DAY_MS) * DAY_MS;
  if (bucket === "day") return new Date(day);
  // 1970-01-01 was a Thursday: days since the epoch + 3, modulo 7, count from Monday.
  const sinceMonday = (Math.floor(day / DAY_MS) + 3) % 7;
  return new Date(day - sinceMonday * DAY_MS);
}

/** Every bucket's start from the one holding `start` to the one holding `last`, in order. */
export function bucketStarts(start: Date, last: Date, bucket: ReportBucket): Date[] {
  const step = bucket === "day" ? DAY_MS : 7 * DAY_MS;
  const starts: Date[] = [];
  for (let at = bucketStart(start, bucket).getTime(); at <= last.getTime(); at += step) starts.push(new Date(at));
  return starts;
}
