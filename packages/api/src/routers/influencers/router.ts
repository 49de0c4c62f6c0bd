import { getInfluencerInput, influencerSearchInput, inviteInfluencerInput } from "@market/contracts";
import { getInfluencer } from "../../services/influencers/get-influencer";
import { getOwnProfile } from "../../services/influencers/get-own-profile";
import { inviteInfluencer } from "../../services/influencers/invite-influencer";
import { searchInfluencers } from "../../services/influencers/search-influencers";
import { brandProcedure, influencerProcedure, publicProcedure, router } from "../../trpc";

export const influencersRouter = router({
  /** POST /api/influencers/search: the teaser for visitors (first page, default order), the full search for signed-in users. */
  search: publicProcedure
    .input(influencerSearchInput)
    .query(({ ctx, input }) => searchInfluencers(ctx, input, { signedIn: ctx.viewer !== null })),
  /** GET /api/influencers/{id}: numeric or search id; a signed-in influencer gets their own profile. */
  get: publicProcedure.input(getInfluencerInput).query(({ ctx, input }) => getInfluencer(ctx, ctx.viewer, input.id)),
  /** GET /api/profile: the influencer's own profile as brands see it, with the owner's network fields. */
  own: influencerProcedure.query(({ ctx }) => getOwnProfile(ctx, ctx.viewer)),
  /** POST /api/influencers/invite: a brand invites the influencer to its open, approved campaigns. */
  invite: brandProcedure
    .input(inviteInfluencerInput)
    .mutation(({ ctx, input }) => inviteInfluencer(ctx, ctx.viewer.userId, input)),
});
