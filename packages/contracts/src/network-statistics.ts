import { MIN_FACEBOOK_PAGE_LIKES, MIN_NETWORK_FOLLOWERS } from "./constants";
import type { NetworkType, SizeClass } from "./enums";

/**
 * The statistics the product derives from what a provider reports (spec section 3, Network: engagement, rating,
 * sizeClass), once for the linking services, the statistics sweep and the demo seed.
 */

/** Spec section 5: more than 2,000 followers; a Facebook page needs 2,000 likes (under 2,000 is refused). */
export function meetsAudienceMinimum(type: NetworkType, followers: number): boolean {
  return type === "facebook" ? followers >= MIN_FACEBOOK_PAGE_LIKES : followers > MIN_NETWORK_FOLLOWERS;
}

/** Reactions per post as a percent of the followers, to 2 decimals; null when either is unknown or zero. */
export function engagementPercent(followers: number, reactions: number | null): number | null {
  if (reactions === null || followers <= 0) return null;
  return Math.round((reactions / followers) * 10_000) / 100;
}

/** Engagement percent from which each star rating starts (1 below the 2-star bound). */
export const RATING_ENGAGEMENT_BOUNDS = [
  { rating: 5, from: 6 },
  { rating: 4, from: 3 },
  { rating: 3, from: 1.5 },
  { rating: 2, from: 0.8 },
] as const;

/** The 1 to 5 star rating of an engagement percent; null when the engagement is not measured. */
export function ratingOfEngagement(engagement: number | null): number | null {
  if (engagement === null) return null;
  return RATING_ENGAGEMENT_BOUNDS.find(({ from }) => engagement >= from)?.rating ?? 1;
}

/** By follower rank over every measured network: the top 15 % are big, the next 35 % medium, the rest small. */
export const SIZE_CLASS_SHARES = { big: 0.15, medium: 0.35 } as const;

/** The size class of the network ranked `rank` (0 = most followers) among `total` networks. */
export function sizeClassOfRank(rank: number, total: number): SizeClass {
  const share = total > 0 ? rank / total : 0;
  if (share < SIZE_CLASS_SHARES.big) return "big";
  return share < SIZE_CLASS_SHARES.big + SIZE_CLASS_SHARES.medium ? "medium" : "small";
}
