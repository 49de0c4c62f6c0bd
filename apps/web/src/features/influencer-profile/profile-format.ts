import { type NetworkType, SEARCH_RESULT_ID_MIN_LENGTH } from "@market/contracts";

/** Spec section 2: an id longer than 10 characters marks a profile reached through a search (Hire shows). */
export const reachedThroughSearch = (routeId: string): boolean => routeId.length >= SEARCH_RESULT_ID_MIN_LENGTH;

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
