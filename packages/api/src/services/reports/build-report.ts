import {
  addSums,
  bucketStart,
  bucketStarts,
  NETWORK_TYPES,
  type NetworkType,
  NO_REPORT_SUMS,
  type Report,
  type ReportBucket,
  type ReportPoint,
  type ReportScope,
  type ReportSums,
  reportBucketFor,
  reportFigures,
  splitCents,
} from "@market/contracts";
import type { ReportHire, ReportPost, ReportReading } from "./report-rows";

/** The time line's span: a period's own, or (a campaign's) from its first event to its last. */
export type ReportSpan = { start: Date; end: Date } | "events";

/**
 * The report of a set of hires and their posts (contracts report-figures.ts holds the formulas): the totals, the
 * splits per network, influencer and campaign, and the time line. Pure: the rows are read by report-rows.ts.
 */
export function buildReport(
  scope: ReportScope,
  span: ReportSpan,
  hires: readonly ReportHire[],
  posts: readonly ReportPost[],
): Report {
  const postsOf = groupBy(posts, (post) => post.applicationId);
  const byInfluencer = new Map<number, { influencer: ReportHire["influencer"]; sums: ReportSums }>();
  const byCampaign = new Map<number, { campaign: ReportHire["campaign"]; sums: ReportSums }>();
  const byNetwork = new Map<NetworkType, ReportSums>();
  let totals = NO_REPORT_SUMS;

  for (const hire of hires) {
    const hirePosts = postsOf.get(hire.applicationId) ?? [];
    const sums = hireSums(hire, hirePosts);
    totals = addSums(totals, sums);
    const influencer = byInfluencer.get(hire.influencer.id);
    byInfluencer.set(hire.influencer.id, {
      influencer: hire.influencer,
      sums: addSums(influencer?.sums ?? NO_REPORT_SUMS, sums),
    });
    const campaign = byCampaign.get(hire.campaign.id);
    byCampaign.set(hire.campaign.id, {
      campaign: hire.campaign,
      sums: addSums(campaign?.sums ?? NO_REPORT_SUMS, sums),
    });
    for (const [network, share] of networkSplit(hire, hirePosts)) {
      byNetwork.set(network, addSums(byNetwork.get(network) ?? NO_REPORT_SUMS, share));
    }
  }

  const { bucket, overTime } = timeLine(span, hires, posts);
  return {
    scope,
    totals: reportFigures(totals),
    byNetwork: NETWORK_TYPES.flatMap((network) => {
      const sums = byNetwork.get(network);
      return sums ? [{ network, ...reportFigures(sums) }] : [];
    }),
    byInfluencer: [...byInfluencer.values()]
      .map(({ influencer, sums }) => ({ influencer, ...reportFigures(sums) }))
      .sort((a, b) => b.engagements - a.engagements || a.influencer.username.localeCompare(b.influencer.username)),
    byCampaign: [...byCampaign.values()]
      .map(({ campaign, sums }) => ({ campaign, ...reportFigures(sums) }))
      .sort((a, b) => b.spendCents - a.spendCents || a.campaign.id - b.campaign.id),
    bucket,
    overTime,
  };
}

/** The latest reading of a post: its statistics as the report counts them. */
function latest(post: ReportPost): ReportReading | undefined {
  return post.readings.at(-1);
}

function postSums(posts: readonly ReportPost[]): Pick<ReportSums, "posts" | "views" | "likes" | "comments"> {
  let views = 0;
  let likes = 0;
  let comments = 0;
  for (const post of posts) {
    const reading = latest(post);
    views += reading?.views ?? 0;
    likes += reading?.likes ?? 0;
    comments += reading?.comments ?? 0;
  }
  return { posts: posts.length, views, likes, comments };
}

/** One hire's sums: B paid, B - P in fees, B again if refunded, and its posts' latest readings. */
function hireSums(hire: ReportHire, posts: readonly ReportPost[]): ReportSums {
  const priceCents = hire.prices.reduce((sum, price) => sum + price.cents, 0);
  return {
    hires: 1,
    paidCents: hire.paidCents,
    feesCents: hire.paidCents - priceCents,
    refundedCents: hire.refundedAt ? hire.paidCents : 0,
    ...postSums(posts),
  };
}

/**
 * One hire's sums per hired network: the hire counts once in each, its money split by the networks' prices in
 * whole cents that add up to the hire's (splitCents), the posts by their own network.
 */
function networkSplit(hire: ReportHire, posts: readonly ReportPost[]): Map<NetworkType, ReportSums> {
  const whole = hireSums(hire, posts);
  const weights = hire.prices.map((price) => price.cents);
  const paid = splitCents(whole.paidCents, weights);
  const fees = splitCents(whole.feesCents, weights);
  const refunded = splitCents(whole.refundedCents, weights);
  const split = new Map<NetworkType, ReportSums>();
  hire.prices.forEach((price, index) => {
    split.set(price.network, {
      ...NO_REPORT_SUMS,
      hires: 1,
      paidCents: paid[index] ?? 0,
      feesCents: fees[index] ?? 0,
      refundedCents: refunded[index] ?? 0,
    });
  });
  for (const [network, networkPosts] of groupBy(posts, (post) => post.network)) {
    const money = split.get(network) ?? NO_REPORT_SUMS;
    split.set(network, { ...money, ...postSums(networkPosts) });
  }
  return split;
}

/**
 * The time line: each hire's B in the bucket it was paid, each refund in the bucket it was made, and each
 * reading's gain over the post's previous reading in the bucket it was taken (the gains of a post add up to its
 * latest reading, so the line adds up to the totals). Empty buckets in between are kept, at zero.
 */
function timeLine(
  span: ReportSpan,
  hires: readonly ReportHire[],
  posts: readonly ReportPost[],
): { bucket: ReportBucket; overTime: ReportPoint[] } {
  const events: Date[] = hires.flatMap((hire) => (hire.refundedAt ? [hire.paidAt, hire.refundedAt] : [hire.paidAt]));
  for (const post of posts) for (const reading of post.readings) events.push(reading.takenAt);
  // A loop rather than Math.min(...times): a spread of many thousand readings would overflow the call stack.
  let first = span === "events" ? Number.POSITIVE_INFINITY : span.start.getTime();
  let last = span === "events" ? Number.NEGATIVE_INFINITY : span.end.getTime() - 1;
  for (const event of events) {
    first = Math.min(first, event.getTime());
    last = Math.max(last, event.getTime());
  }
  if (!Number.isFinite(first)) return { bucket: "day", overTime: [] };
  const bucket = reportBucketFor(new Date(first), new Date(last + 1));
  const points = new Map<number, ReportPoint>(
    bucketStarts(new Date(first), new Date(last), bucket).map((start) => [
      start.getTime(),
      { start: start.toISOString().slice(0, 10), paidCents: 0, refundedCents: 0, views: 0, likes: 0, comments: 0 },
    ]),
  );
  const at = (instant: Date) => points.get(bucketStart(instant, bucket).getTime());
  for (const hire of hires) {
    const paid = at(hire.paidAt);
    if (paid) paid.paidCents += hire.paidCents;
    const refunded = hire.refundedAt && at(hire.refundedAt);
    if (refunded) refunded.refundedCents += hire.paidCents;
  }
  for (const post of posts) {
    let previous: ReportReading | undefined;
    for (const reading of post.readings) {
      const point = at(reading.takenAt);
      if (point) {
        point.views += reading.views - (previous?.views ?? 0);
        point.likes += reading.likes - (previous?.likes ?? 0);
        point.comments += reading.comments - (previous?.comments ?? 0);
      }
      previous = reading;
    }
  }
  return { bucket, overTime: [...points.values()] };
}

function groupBy<T, K>(items: readonly T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}
