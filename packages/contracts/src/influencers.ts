import { z } from "zod";
import type { AudienceQuality } from "./audience-quality";
import { flagNote, flagReason } from "./console-flags";
import { AGE_FILTER, FOLLOWERS_FILTER, SEARCH_PAGE_MAX, SEARCH_QUERY_MAX_LENGTH } from "./constants";
import { category, engagementLevel, gender, influencerSort, networkType } from "./enum-schemas";
import type { Category, Gender, NetworkType, SizeClass } from "./enums";
import type { FeedbackSummary } from "./feedback";
import { rowId } from "./ids";

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
  query: z.string().trim().max(SEARCH_QUERY_MAX_LENGTH).optional(),
  /**
   * Only influencers with a network of at least this audience-quality score (0 to 100; docs/product.md). Any
   * minimum above 0 leaves out influencers whose networks have no score yet (not enough history).
   */
  minQuality: z.number().int().min(0).max(100).optional(),
  sort: influencerSort.optional(),
  /** 1-based page number. */
  currentPage: z.number().int().min(1).max(SEARCH_PAGE_MAX).optional(),
  /**
   * The nextCursor of page currentPage - 1 of the same search: that page is then read on from its last card (by
   * keyset), which costs what page 1 costs, instead of by skipping the pages before it. A cursor of another
   * search, sort or page is ignored (the page is read by its number); a malformed one is `invalid`.
   */
  after: z.string().max(200).optional(),
});
export type InfluencerSearchInput = z.infer<typeof influencerSearchInput>;

export interface InfluencerCardNetwork {
  type: NetworkType;
  followers: number;
  /** Percent, e.g. 2.35; null when not measured. */
  engagement: number | null;
  /** Star rating 1 to 5; null when not rated. */
  rating: number | null;
  /** The audience-quality score, 0 to 100; null while the network's history is too short. */
  audienceQuality: number | null;
}

export interface InfluencerCard {
  /**
   * The OPAQUE search id of the influencer (longer than 10 characters, stable for a given influencer):
   * link to /influencers/{id} with it; GET /api/influencers/{id} answers viaSearch: true for it, and the
   * profile then shows the Hire button (spec: an id longer than 10 characters marks a search result).
   */
  id: string;
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
  /** Number of matching influencers, counted up to INFLUENCER_SEARCH_COUNT_CAP (then countIsCapped). */
  count: number;
  /** True when more than INFLUENCER_SEARCH_COUNT_CAP influencers match: show "10,000+"; count is the cap. */
  countIsCapped: boolean;
  /** For the next page's `after` (a full page of a signed-in search in a sort read by keyset); else null. */
  nextCursor: string | null;
}

/** Opaque search ids: "s" + base36 user id + "." + a 10-character tag, e.g. "s2n9c.Ab3dE-fG_h". */
export const SEARCH_ID_PATTERN = /^s[0-9a-z]{1,12}\.[A-Za-z0-9_-]{10}$/;

/** An influencer reference in a URL or body: the plain numeric id or the opaque search id. */
export const influencerRef = z.union([rowId, z.string().trim().regex(SEARCH_ID_PATTERN)]);
export type InfluencerRef = z.input<typeof influencerRef>;

/** Input of influencers.get (GET /api/influencers/{id}). */
export const getInfluencerInput = z.object({ id: influencerRef });
export type GetInfluencerInput = z.input<typeof getInfluencerInput>;

/** Body of POST /api/influencers/invite and input of influencers.invite. */
export const inviteInfluencerInput = z.object({
  /** The influencer: numeric id or the opaque search id. */
  id: influencerRef,
  /** The brand's campaigns (deal ids) to invite to; 1 to 50. */
  campaigns: z.array(rowId).min(1).max(50),
});
export type InviteInfluencerInput = z.input<typeof inviteInfluencerInput>;

export interface InviteResult {
  /** Deal ids the influencer is now invited to (already-invited ones included: inviting twice is a no-op). */
  invited: number[];
}

/** Input of admin.flagInfluencer (POST /admin/api/influencers/{id}/ok|ko). */
export const flagInfluencerInput = z.object({
  id: influencerRef,
  /** OK clears maybeFake (GOOD), KO sets it (FAKE). */
  decision: z.enum(["OK", "KO"]),
  /** KO's reason and note (issue 36), told to the influencer; `other` with no note when not given. */
  reason: flagReason.default("other"),
  note: flagNote.default(""),
});
export type FlagInfluencerInput = z.input<typeof flagInfluencerInput>;

export const INFLUENCER_FLAGS = ["FAKE", "GOOD"] as const;
export type InfluencerFlag = (typeof INFLUENCER_FLAGS)[number];

export interface FlagInfluencerResult {
  id: number;
  status: InfluencerFlag;
}

export interface InfluencerProfileNetwork {
  id: number;
  type: NetworkType;
  title: string;
  identifier: string;
  link: string | null;
  followers: number;
  posts: number | null;
  reactions: number | null;
  /** Percent, e.g. 2.35; null when not measured. */
  engagement: number | null;
  /** 1 to 5; null when not rated. */
  rating: number | null;
  sizeClass: SizeClass | null;
  isVerified: boolean;
  isConflicting: boolean;
  /**
   * The audience-quality score with its components ("why this score"); null before the network's first snapshot
   * was scored. Its score is null while the history is too short ("Not enough history yet").
   */
  audienceQuality: AudienceQuality | null;
}

/** GET /api/influencers/{id} (influencers.get). */
export interface InfluencerProfileView {
  /** The numeric user id. */
  id: number;
  username: string;
  picture: string | null;
  city: string | null;
  country: string | null;
  category: Category | null;
  about: string;
  maybeFake: boolean;
  /** ISO timestamp of the last login; null when never. */
  lastLogin: string | null;
  /** Sum of followers over the networks. */
  totalReach: number;
  gender: Gender | null;
  audience: {
    /** Percent of males (female = 100 - males); null when unknown. */
    males: number | null;
    ages: [number, number] | null;
    interests: string[];
    country: string | null;
  };
  /** applications.averageFee in cents; null when no priced proposal. */
  averageFeeCents: number | null;
  /** The brands' feedback on the influencer's completed hires: how many, and the mean rating. */
  feedback: FeedbackSummary;
  networks: InfluencerProfileNetwork[];
  /** Only for an impersonating admin; absent otherwise. */
  email?: string;
  /** The viewer is this influencer (a signed-in influencer always gets their own profile). */
  isOwn: boolean;
  /** The id asked for was a valid opaque search id: the web shows the Hire button (to brands and visitors). */
  viaSearch: boolean;
}
