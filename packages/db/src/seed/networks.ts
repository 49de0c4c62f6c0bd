import {
  type NetworkType,
  ratingOfEngagement,
  type SizeClass,
  sizeClassOfRank,
  UNLINKABLE_NETWORKS,
} from "@market/contracts";
import type { Random } from "./random";

/** The big four dominate; the name-only networks show up now and then. */
export const TYPE_WEIGHTS: readonly (readonly [NetworkType, number])[] = [
  ["instagram", 40],
  ["youtube", 22],
  ["facebook", 20],
  ["twitter", 18],
  ["snapchat", 4],
  ["pinterest", 4],
  ["blog", 4],
  ["tumblr", 3],
];

/** Median audience per network type; followers spread log-normally around it. */
export const MEDIAN_FOLLOWERS: Record<NetworkType, number> = {
  instagram: 30_000,
  youtube: 40_000,
  facebook: 25_000,
  twitter: 12_000,
  snapchat: 8_000,
  pinterest: 15_000,
  blog: 5_000,
  tumblr: 6_000,
};

/** Linking needs more than 2,000 followers (spec section 5). */
export const MIN_FOLLOWERS = 2_100;
export const MAX_FOLLOWERS = 9_000_000;
/** Spread of log(followers) around the type's median. */
export const FOLLOWERS_SPREAD = 1.65;
/**
 * Engagement percent: `median` at `atFollowers` followers, times (followers / atFollowers) ^ elasticity
 * (bigger audiences engage less: about 0.8 % at 2M), log-normally spread and kept within [min, max].
 */
export const ENGAGEMENT_MODEL = { median: 2.5, atFollowers: 25_000, elasticity: -0.25, spread: 0.6, min: 0.3, max: 12 };

export function drawNetworkTypes(rng: Random, count: number): NetworkType[] {
  return rng.weightedSample(TYPE_WEIGHTS, count);
}

/** Followers, posts, reactions, engagement and rating; name-only networks have no measured statistics. */
export function drawStatistics(rng: Random, type: NetworkType) {
  const clamped = Math.min(
    MAX_FOLLOWERS,
    Math.max(MIN_FOLLOWERS, rng.logNormal(MEDIAN_FOLLOWERS[type], FOLLOWERS_SPREAD)),
  );
  // Providers report big audiences rounded.
  const followers = clamped > 100_000 ? Math.round(clamped / 100) * 100 : Math.round(clamped);
  if ((UNLINKABLE_NETWORKS as readonly NetworkType[]).includes(type)) {
    return { followers, posts: null, reactions: null, engagement: null, rating: null };
  }
  const { median, atFollowers, elasticity, spread, min, max } = ENGAGEMENT_MODEL;
  const drift = elasticity * Math.log(followers / atFollowers);
  const engagement = Math.min(max, Math.max(min, median * Math.exp(drift + spread * rng.normal())));
  const rounded = Math.round(engagement * 100) / 100;
  return {
    followers,
    posts: Math.round(Math.exp(rng.between(Math.log(type === "youtube" ? 20 : 60), Math.log(4_000)))),
    reactions: Math.round((followers * rounded) / 100),
    engagement: rounded,
    rating: ratingFor(rng, rounded),
  };
}

/** The product's rating of the engagement (contracts), give or take a star as a reviewer's eye would. */
function ratingFor(rng: Random, engagement: number): number {
  const base = ratingOfEngagement(engagement) ?? 1;
  return Math.min(
    5,
    Math.max(
      1,
      base +
        rng.weighted([
          [-1, 1],
          [0, 6],
          [1, 1],
        ] as const),
    ),
  );
}

/** The provider's account id and the profile link, shaped like each provider's. */
export function networkAddress(rng: Random, type: NetworkType, username: string) {
  switch (type) {
    case "facebook": {
      const id = rng.token(15, "0123456789").replace(/^0/, "1");
      return { identifier: id, link: `https://www.facebook.com/${id}` };
    }
    case "twitter":
      return { identifier: rng.token(18, "0123456789").replace(/^0/, "1"), link: `https://twitter.com/${username}` };
    case "youtube": {
      const id = `UC${rng.token(22, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")}`;
      return { identifier: id, link: `https://www.youtube.com/channel/${id}` };
    }
    case "instagram":
      return { identifier: username, link: `https://www.instagram.com/${username}/` };
    case "snapchat":
      return { identifier: username, link: `https://www.snapchat.com/add/${username}` };
    case "pinterest":
      return { identifier: username, link: `https://www.pinterest.com/${username}/` };
    case "tumblr":
      return { identifier: username, link: `https://${username}.tumblr.com` };
    case "blog":
      return { identifier: `${username}.blog.example`, link: `https://${username}.blog.example` };
  }
}

/** A link to one published post on the network, for hired proposals whose work is done. */
export function contentLink(rng: Random, network: { type: NetworkType; handle: string; link: string | null }): string {
  // Only verified networks are priced, and every verified one has its link.
  const link = network.link ?? "";
  switch (network.type) {
    case "instagram":
      return `https://www.instagram.com/p/${rng.token(11)}/`;
    case "youtube":
      return `https://www.youtube.com/watch?v=${rng.token(11)}`;
    case "twitter":
      return `https://twitter.com/${network.handle}/status/${rng.token(19, "0123456789").replace(/^0/, "1")}`;
    case "facebook":
      return `${link}/posts/${rng.token(16, "0123456789")}`;
    default:
      return link;
  }
}

/** Size class by follower rank over all networks, as the product ranks them (contracts' sizeClassOfRank). */
export function assignSizeClasses(followers: readonly number[]): SizeClass[] {
  const order = followers.map((count, index) => ({ count, index })).sort((a, b) => b.count - a.count);
  const classes: SizeClass[] = new Array(followers.length);
  order.forEach(({ index }, rank) => {
    classes[index] = sizeClassOfRank(rank, followers.length);
  });
  return classes;
}
