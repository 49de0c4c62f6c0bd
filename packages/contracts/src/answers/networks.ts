import { z } from "zod";
import { NETWORK_LINK_ERRORS } from "../enums";
import { NETWORK_LINK_METHODS } from "../networks";
import { influencerProfileFields, influencerProfileNetworkAnswer } from "./influencers";
import { answerSchemas, isoInstant } from "./registry";

/** A network as its owner sees it (OwnNetwork): the public fields and the owner's. */
export const ownNetworkAnswer = influencerProfileNetworkAnswer
  .extend({
    linkMethod: z.enum(NETWORK_LINK_METHODS),
    canApply: z.boolean(),
    sharedWithOthers: z.boolean(),
    statisticsReadAt: isoInstant.nullable(),
    problem: z.enum(NETWORK_LINK_ERRORS).nullable(),
  })
  .register(answerSchemas, { id: "OwnNetwork" });

/** GET /api/networks and POST /api/networks/choose: the networks tab (NetworksView). */
export const networksAnswer = z
  .object({ networks: z.array(ownNetworkAnswer), canApply: z.boolean(), sandbox: z.boolean() })
  .register(answerSchemas, { id: "Networks" });

/** POST /auth/instagram/token: the code to put in the bio before `expiresAt` (InstagramCode). */
export const instagramCodeAnswer = z
  .object({ username: z.string(), code: z.string(), expiresAt: isoInstant })
  .register(answerSchemas, { id: "InstagramCode" });

/** GET /api/profile: the influencer's own profile, with the owner's network fields (OwnProfileView). */
export const ownProfileAnswer = z
  .object({ ...influencerProfileFields, networks: z.array(ownNetworkAnswer), canApply: z.boolean() })
  .register(answerSchemas, { id: "OwnProfile" });
