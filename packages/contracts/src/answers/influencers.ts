import { z } from "zod";
import { category, gender, networkType } from "../enum-schemas";
import { SIZE_CLASSES } from "../enums";
import { INFLUENCER_FLAGS } from "../influencers";
import { audienceQualityAnswer } from "./audience-quality";
import { answerSchemas, isoInstant } from "./registry";

/** An audience's age range, [min, max]. */
export const agesAnswer = z.array(z.number().int()).length(2);

/** One card of POST /api/influencers/search (InfluencerCard): `id` is the opaque search id. */
export const influencerCardAnswer = z
  .object({
    id: z.string(),
    username: z.string(),
    picture: z.string().nullable(),
    city: z.string().nullable(),
    country: z.string().nullable(),
    category: category.nullable(),
    audience: z.object({ males: z.number(), ages: agesAnswer }).nullable(),
    averageFeeCents: z.number().int().nullable(),
    networks: z.array(
      z.object({
        type: networkType,
        followers: z.number(),
        engagement: z.number().nullable(),
        rating: z.number().nullable(),
        /** The audience-quality score, 0 to 100; null while the history is too short. */
        audienceQuality: z.number().int().nullable(),
      }),
    ),
  })
  .register(answerSchemas, { id: "InfluencerCard" });

/** POST /api/influencers/search: a page of cards and the count (capped) over every page. */
export const influencerSearchAnswer = z
  .object({
    influencers: z.array(influencerCardAnswer),
    count: z.number().int(),
    countIsCapped: z.boolean(),
    nextCursor: z.string().nullable(),
  })
  .register(answerSchemas, { id: "InfluencerSearchResult" });

/** A network as the influencer's profile shows it (InfluencerProfileNetwork). */
export const influencerProfileNetworkAnswer = z
  .object({
    id: z.number().int(),
    type: networkType,
    title: z.string(),
    identifier: z.string(),
    link: z.string().nullable(),
    followers: z.number(),
    posts: z.number().nullable(),
    reactions: z.number().nullable(),
    engagement: z.number().nullable(),
    rating: z.number().nullable(),
    sizeClass: z.enum(SIZE_CLASSES).nullable(),
    isVerified: z.boolean(),
    isConflicting: z.boolean(),
    /** Null before the network's first snapshot was scored. */
    audienceQuality: audienceQualityAnswer.nullable(),
  })
  .register(answerSchemas, { id: "InfluencerProfileNetwork" });

/** The profile's fields but its networks, shared by GET /api/influencers/{id} and GET /api/profile. */
export const influencerProfileFields = {
  id: z.number().int(),
  username: z.string(),
  picture: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  category: category.nullable(),
  about: z.string(),
  maybeFake: z.boolean(),
  lastLogin: isoInstant.nullable(),
  totalReach: z.number(),
  gender: gender.nullable(),
  audience: z.object({
    males: z.number().nullable(),
    ages: agesAnswer.nullable(),
    interests: z.array(z.string()),
    country: z.string().nullable(),
  }),
  averageFeeCents: z.number().int().nullable(),
  feedback: z.object({ count: z.number().int(), average: z.number().nullable() }),
  /** Only to an impersonating admin. */
  email: z.string().optional(),
  isOwn: z.boolean(),
  viaSearch: z.boolean(),
};

/** GET /api/influencers/{id}: the public profile (InfluencerProfileView). */
export const influencerProfileAnswer = z
  .object({ ...influencerProfileFields, networks: z.array(influencerProfileNetworkAnswer) })
  .register(answerSchemas, { id: "InfluencerProfile" });

/** POST /api/influencers/invite: the campaigns the influencer is now invited to (InviteResult). */
export const inviteAnswer = z.object({ invited: z.array(z.number().int()) }).register(answerSchemas, { id: "Invited" });

/** POST /admin/api/influencers/{id}/ok|ko: the influencer's flag now (FlagInfluencerResult). */
export const influencerFlagAnswer = z
  .object({ id: z.number().int(), status: z.enum(INFLUENCER_FLAGS) })
  .register(answerSchemas, { id: "InfluencerFlag" });
