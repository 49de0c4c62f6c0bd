import type { InfluencerProfileNetwork, NetworkType } from "@market/contracts";

/** A network of the influencer as `networks.list` answers it, for the proposal tests. */
export function ownNetwork(
  id: number,
  type: NetworkType,
  overrides: Partial<InfluencerProfileNetwork> = {},
): InfluencerProfileNetwork {
  return {
    id,
    type,
    title: `${type}-${id}`,
    identifier: `${type}-${id}`,
    link: null,
    followers: 1_000 * id,
    posts: null,
    reactions: null,
    engagement: null,
    rating: null,
    sizeClass: null,
    isVerified: true,
    isConflicting: false,
    audienceQuality: null,
    ...overrides,
  };
}

export const local = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m - 1, d, h, min, 0, 0);
