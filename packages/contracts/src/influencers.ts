import { z } from "zod";
import { AGE_FILTER, FOLLOWERS_FILTER } from "./constants";
import {
  type Category,
  category,
  engagementLevel,
  gender,
  influencerSort,
  type NetworkType,
  networkType,
} from "./enums";

const range = (min: number, max: number) =>
  z
    .tuple([z.number().int().min(min).max(max), z.number().int().min(min).max(max)])
    .refine(([lo, hi]) => lo <= hi, { message: "min must not exceed max" });

/** Body of POST /api/influencers/search and input of influencers.search. Every field is optional. */
export const influencerSearchInput = z.object({
  categories: z.array(category).max(50).optional(),
  networks: z.array(networkType).max(20).optional(),
  engagements: z.array(engagementLevel).max(3).optional(),
  countries: z.array(z.string().trim().toLowerCase().length(2)).max(300).optional(),
  gender: gender.optional(),
  followers: range(FOLLOWERS_FILTER.min, FOLLOWERS_FILTER.max).optional(),
  ages: range(AGE_FILTER.min, AGE_FILTER.max).optional(),
  query: z.string().trim().max(200).optional(),
  sort: influencerSort.optional(),
  /** 1-based page number. */
  currentPage: z.number().int().min(1).max(100_000).optional(),
});
export type InfluencerSearchInput = z.infer<typeof influencerSearchInput>;

export interface InfluencerCardNetwork {
  type: NetworkType;
  followers: number;
  /** Percent, e.g. 2.35; null when not measured. */
  engagement: number | null;
  /** Star rating 1 to 5; null when not rated. */
  rating: number | null;
}

export interface InfluencerCard {
  id: number;
  username: string;
  picture: string | null;
  city: string | null;
  country: string | null;
  category: Category | null;
  /** Gender share and age range of the audience; null when unknown (the card shows a dash). */
  audience: { males: number; ages: [number, number] } | null;
  /** Average fee over the influencer's priced proposals, in cents; null shows a dash. */
  averageFeeCents: number | null;
  networks: InfluencerCardNetwork[];
}

export interface InfluencerSearchResult {
  influencers: InfluencerCard[];
  count: number;
}
