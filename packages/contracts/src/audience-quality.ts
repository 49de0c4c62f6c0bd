import { DAY_MS } from "./time";

/**
 * The audience-quality score of a network (issue 40, point 4), from the statistics history the product keeps (one
 * snapshot per network and day, network_snapshots): nothing here is bought data, only what the networks' APIs gave
 * us over time. docs/product.md ("Audience quality") explains the formula to people; keep both in step.
 *
 * One pure function, so the server (when a snapshot is written), the demo seed and the tests compute the same thing.
 */

/** One day's reading of a network, oldest first in a history. */
export interface AudienceSnapshot {
  /** The day of the reading (UTC midnight is enough; only whole days between readings count). */
  day: Date;
  followers: number;
  posts: number | null;
  /** Reactions over the recent posts the provider reports. */
  reactions: number | null;
  /** Percent (reactions / followers), as stored on the network. */
  engagement: number | null;
  /** Likes and comments apart: only some networks give them; null when not given. */
  likes: number | null;
  comments: number | null;
}

export const AUDIENCE_QUALITY_COMPONENTS = ["engagement", "growth", "likesPerComment", "regularity"] as const;
export type AudienceQualityComponentName = (typeof AUDIENCE_QUALITY_COMPONENTS)[number];

/** The weights of the components; those not available are left out and the others re-weighted to sum to 1. */
export const AUDIENCE_QUALITY_WEIGHTS: Record<AudienceQualityComponentName, number> = {
  engagement: 0.35,
  growth: 0.35,
  likesPerComment: 0.1,
  regularity: 0.2,
};

/** The thresholds of the formula, named once for the function, its documentation and its tests. */
export const AUDIENCE_QUALITY_RULES = {
  /** At least this many daily snapshots, spanning at least this many days, before a score is given. */
  minSnapshots: 3,
  minSpanDays: 21,
  /** Only the snapshots of the last 90 days (before the newest) count. */
  windowDays: 90,
  /** Engagement at or above the tier median scores 100; at or below this share of it, 0; linear between. */
  engagementFloorRatio: 0.25,
  /**
   * A follower jump: an interval whose growth per day is above 2 % and above 5 times the median growth per day of
   * the network's intervals. Organic audiences rarely grow 2 % a day; bought ones do it overnight.
   */
  jumpDailyRate: 0.02,
  jumpMedianFactor: 5,
  /** Followers gained in jumps (beyond the median rate) as a share of today's: 0 % scores 100, 10 % or more 0. */
  jumpShareZero: 0.1,
  /** Likes per comment up to 50 score 100; 200 or more (likes bought without conversation) 0; linear between. */
  likesPerCommentGood: 50,
  likesPerCommentBad: 200,
} as const;

export interface AudienceQualityComponent {
  /** 0 to 100; null when the history cannot tell (then left out of the score). */
  score: number | null;
  /** The measured figure behind the score (its unit is the component's, see AudienceQuality). */
  value: number | null;
  /** The component's share of the score as computed (0 when not available). */
  weight: number;
}

/**
 * The score (0 to 100) and what it is made of, stored on the network so the profile can say why. `score` is null
 * with too short a history ("Not enough history yet") or when no component is available.
 * Values: engagement, its ratio to the tier median; growth, the share of today's followers gained in jumps;
 * likesPerComment, likes per comment; regularity, the share of intervals between snapshots with a new post.
 */
export interface AudienceQuality {
  score: number | null;
  components: Record<AudienceQualityComponentName, AudienceQualityComponent>;
  /** The engagement median of the network's follower tier the score was computed against. */
  tierMedian: number | null;
  /** Snapshots and days the score is computed over. */
  snapshots: number;
  spanDays: number;
}

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));
/** Linear from 100 at `good` to 0 at `bad` (either order). */
const linear = (value: number, good: number, bad: number) => Math.round(100 * clamp01((value - bad) / (good - bad)));
const daysBetween = (from: Date, to: Date) => Math.round((to.getTime() - from.getTime()) / DAY_MS);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

interface Interval {
  from: AudienceSnapshot;
  to: AudienceSnapshot;
  days: number;
}

function engagementComponent(latest: AudienceSnapshot, tierMedian: number | null) {
  if (latest.engagement === null || tierMedian === null || tierMedian <= 0) return { score: null, value: null };
  const ratio = latest.engagement / tierMedian;
  return { score: linear(ratio, 1, AUDIENCE_QUALITY_RULES.engagementFloorRatio), value: Math.round(ratio * 100) / 100 };
}

/** Followers gained in jumps beyond the network's usual pace, as a share of today's followers. */
function growthComponent(intervals: Interval[], latest: AudienceSnapshot) {
  const measured = intervals.filter((interval) => interval.from.followers > 0);
  if (measured.length === 0 || latest.followers <= 0) return { score: null, value: null };
  const dailyRate = (interval: Interval) =>
    (interval.to.followers / interval.from.followers) ** (1 / interval.days) - 1;
  const usual = median(measured.map(dailyRate));
  const { jumpDailyRate, jumpMedianFactor, jumpShareZero } = AUDIENCE_QUALITY_RULES;
  let jumped = 0;
  for (const interval of measured) {
    const rate = dailyRate(interval);
    if (rate > jumpDailyRate && rate > jumpMedianFactor * Math.max(usual, 0)) {
      const expected = interval.from.followers * ((1 + Math.max(usual, 0)) ** interval.days - 1);
      jumped += interval.to.followers - interval.from.followers - expected;
    }
  }
  const share = jumped / latest.followers;
  return { score: linear(share, 0, jumpShareZero), value: Math.round(share * 1000) / 1000 };
}

function likesPerCommentComponent(latest: AudienceSnapshot) {
  if (latest.likes === null || latest.comments === null || latest.comments <= 0) return { score: null, value: null };
  const ratio = latest.likes / latest.comments;
  const { likesPerCommentGood, likesPerCommentBad } = AUDIENCE_QUALITY_RULES;
  return { score: linear(ratio, likesPerCommentGood, likesPerCommentBad), value: Math.round(ratio * 10) / 10 };
}

/** The share of the intervals between snapshots in which the post count grew. */
function regularityComponent(intervals: Interval[]) {
  const counted = intervals.filter((interval) => interval.from.posts !== null && interval.to.posts !== null);
  if (counted.length === 0) return { score: null, value: null };
  const active = counted.filter((interval) => (interval.to.posts as number) > (interval.from.posts as number));
  const share = active.length / counted.length;
  return { score: Math.round(share * 100), value: Math.round(share * 100) / 100 };
}

/**
 * The audience quality of a network from its history (any order; one snapshot per day) and the engagement median
 * of its follower tier (engagement_tier_medians; null when not computed yet: that component is then unavailable).
 */
export function audienceQuality(history: readonly AudienceSnapshot[], tierMedian: number | null): AudienceQuality {
  const sorted = [...history].sort((a, b) => a.day.getTime() - b.day.getTime());
  const latest = sorted.at(-1);
  const windowStart = latest ? latest.day.getTime() - AUDIENCE_QUALITY_RULES.windowDays * DAY_MS : 0;
  const window = sorted.filter((snapshot) => snapshot.day.getTime() >= windowStart);
  const first = window[0];
  const spanDays = first && latest ? daysBetween(first.day, latest.day) : 0;
  const unavailable = { score: null, value: null };
  const parts: Record<AudienceQualityComponentName, { score: number | null; value: number | null }> = {
    engagement: unavailable,
    growth: unavailable,
    likesPerComment: unavailable,
    regularity: unavailable,
  };
  const enough =
    latest !== undefined &&
    window.length >= AUDIENCE_QUALITY_RULES.minSnapshots &&
    spanDays >= AUDIENCE_QUALITY_RULES.minSpanDays;
  if (enough) {
    const intervals: Interval[] = window.slice(1).map((to, index) => {
      const from = window[index] as AudienceSnapshot;
      return { from, to, days: Math.max(1, daysBetween(from.day, to.day)) };
    });
    parts.engagement = engagementComponent(latest, tierMedian);
    parts.growth = growthComponent(intervals, latest);
    parts.likesPerComment = likesPerCommentComponent(latest);
    parts.regularity = regularityComponent(intervals);
  }
  const available = AUDIENCE_QUALITY_COMPONENTS.filter((name) => parts[name].score !== null);
  const totalWeight = available.reduce((sum, name) => sum + AUDIENCE_QUALITY_WEIGHTS[name], 0);
  const components = Object.fromEntries(
    AUDIENCE_QUALITY_COMPONENTS.map((name) => [
      name,
      {
        ...parts[name],
        weight: parts[name].score === null ? 0 : Math.round((AUDIENCE_QUALITY_WEIGHTS[name] / totalWeight) * 100) / 100,
      },
    ]),
  ) as Record<AudienceQualityComponentName, AudienceQualityComponent>;
  const score =
    available.length === 0
      ? null
      : Math.round(
          available.reduce((sum, name) => sum + (parts[name].score as number) * AUDIENCE_QUALITY_WEIGHTS[name], 0) /
            totalWeight,
        );
  return { score, components, tierMedian, snapshots: window.length, spanDays };
}
