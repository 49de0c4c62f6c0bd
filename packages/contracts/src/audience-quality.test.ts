import { describe, expect, it } from "vitest";
import { type AudienceSnapshot, audienceQuality } from "./audience-quality";
import { DAY_MS } from "./time";

const START = Date.UTC(2026, 0, 1);
const TIER_MEDIAN = 2;

/** A weekly history of `weeks + 1` snapshots; `at(week)` gives that week's followers, posts and reactions. */
function weekly(weeks: number, at: (week: number) => { followers: number; posts: number; reactions: number }) {
  return Array.from({ length: weeks + 1 }, (_, week): AudienceSnapshot => {
    const { followers, posts, reactions } = at(week);
    return {
      day: new Date(START + week * 7 * DAY_MS),
      followers,
      posts,
      reactions,
      engagement: followers > 0 ? Math.round((reactions / followers) * 10_000) / 100 : null,
      likes: null,
      comments: null,
    };
  });
}

/** 1 % a month, a post or two a week, engagement around the tier median. */
const organic = weekly(12, (week) => {
  const followers = Math.round(20_000 * 1.0025 ** (week * 7));
  return { followers, posts: 100 + 2 * week, reactions: Math.round(followers * 0.021) };
});

/** The same account buys 30,000 followers in week 8: they never react. */
const burst = weekly(12, (week) => {
  const base = Math.round(20_000 * 1.0025 ** (week * 7));
  return { followers: base + (week >= 8 ? 30_000 : 0), posts: 100 + 2 * week, reactions: Math.round(base * 0.021) };
});

/** No post for three months, the audience drifting away, reactions fading. */
const dead = weekly(12, (week) => {
  const followers = Math.round(20_000 * 0.999 ** (week * 7));
  return { followers, posts: 100, reactions: Math.round(followers * 0.02 * 0.8 ** week) };
});

describe("audienceQuality", () => {
  it("scores organic growth high", () => {
    const quality = audienceQuality(organic, TIER_MEDIAN);
    expect(quality.score).toBeGreaterThanOrEqual(90);
    expect(quality.components.growth.score).toBe(100);
    expect(quality.components.regularity.score).toBe(100);
  });

  it("scores a bought follower burst low, and says the growth is why", () => {
    const quality = audienceQuality(burst, TIER_MEDIAN);
    expect(quality.score).toBeLessThanOrEqual(40);
    expect(quality.components.growth.score).toBe(0);
    // About 30,000 of today's ~53,000 followers came in the jump.
    expect(quality.components.growth.value).toBeGreaterThan(0.5);
    expect(quality.components.engagement.score).toBeLessThan(50);
  });

  it("scores a dead account low: no posts, engagement falling", () => {
    const quality = audienceQuality(dead, TIER_MEDIAN);
    expect(quality.score).toBeLessThanOrEqual(40);
    expect(quality.components.regularity.score).toBe(0);
    expect(quality.components.engagement.score).toBe(0);
  });

  it("orders the three as a brand would", () => {
    const [good, bought, gone] = [organic, burst, dead].map((history) => audienceQuality(history, TIER_MEDIAN).score);
    expect(good).toBeGreaterThan(bought as number);
    expect(good).toBeGreaterThan(gone as number);
  });

  it("gives no score without history, with one snapshot, or over too few days", () => {
    expect(audienceQuality([], TIER_MEDIAN).score).toBeNull();
    expect(audienceQuality(organic.slice(-1), TIER_MEDIAN)).toMatchObject({ score: null, snapshots: 1, spanDays: 0 });
    // Three snapshots over two weeks: still too short to tell a burst from a good week.
    expect(audienceQuality(organic.slice(0, 3), TIER_MEDIAN)).toMatchObject({ score: null, spanDays: 14 });
    expect(audienceQuality(organic.slice(0, 4), TIER_MEDIAN).score).not.toBeNull();
  });

  it("leaves out what zero followers cannot tell rather than dividing by zero", () => {
    const empty = weekly(6, () => ({ followers: 0, posts: 3, reactions: 0 }));
    const quality = audienceQuality(empty, TIER_MEDIAN);
    expect(quality.components.engagement).toEqual({ score: null, value: null, weight: 0 });
    expect(quality.components.growth).toEqual({ score: null, value: null, weight: 0 });
    // Only regularity is left: no post in six weeks.
    expect(quality.components.regularity.weight).toBe(1);
    expect(quality.score).toBe(0);
  });

  it("re-weights when the network gives no comments, and counts them when it does", () => {
    const without = audienceQuality(organic, TIER_MEDIAN);
    expect(without.components.likesPerComment).toEqual({ score: null, value: null, weight: 0 });
    const weights = Object.values(without.components).reduce((sum, component) => sum + component.weight, 0);
    expect(weights).toBeCloseTo(1, 1);

    const withComments = organic.map((snapshot, index) =>
      index === organic.length - 1 ? { ...snapshot, likes: 3_000, comments: 10 } : snapshot,
    );
    const bought = audienceQuality(withComments, TIER_MEDIAN);
    expect(bought.components.likesPerComment).toMatchObject({ score: 0, value: 300 });
    expect(bought.score).toBeLessThan(without.score as number);
  });

  it("leaves the engagement out until the tier medians are computed", () => {
    const quality = audienceQuality(organic, null);
    expect(quality.components.engagement.score).toBeNull();
    expect(quality.score).toBe(100);
  });

  it("counts only the last 90 days", () => {
    // A burst long ago no longer weighs on today's score.
    const old = weekly(30, (week) => {
      const base = Math.round(20_000 * 1.0025 ** (week * 7));
      return {
        followers: base + (week >= 2 ? 30_000 : 0),
        posts: 100 + 2 * week,
        reactions: Math.round((base + 30_000) * 0.021),
      };
    });
    const quality = audienceQuality(old, TIER_MEDIAN);
    expect(quality.spanDays).toBeLessThanOrEqual(90);
    expect(quality.components.growth.score).toBe(100);
  });
});
