import type { NetworkType } from "@market/contracts";

/**
 * How an influencer profile shows its figures (spec section 2, Influencer profile), shared by the profile brands
 * and visitors open and the influencer's own /profile.
 */

/** Networks with a third-party statistics page (spec section 2: twitter, youtube and instagram). */
const STATISTICS_PATHS: Partial<Record<NetworkType, string>> = {
  twitter: "twitter/user",
  youtube: "youtube/channel",
  instagram: "instagram/user",
};

/** The one place that builds the third-party statistics link of a network; null for the other networks. */
export function statisticsUrl(type: NetworkType, identifier: string): string | null {
  const path = STATISTICS_PATHS[type];
  const handle = identifier.trim().replace(/^@/, "");
  if (!path || handle === "") return null;
  return `https://socialblade.com/${path}/${encodeURIComponent(handle)}`;
}

/** The gender split of an audience in whole percent: females are 100 minus males; null when unknown. */
export function genderSplit(males: number | null): { males: number; females: number } | null {
  if (males === null || !Number.isFinite(males)) return null;
  const rounded = Math.min(100, Math.max(0, Math.round(males)));
  return { males: rounded, females: 100 - rounded };
}
