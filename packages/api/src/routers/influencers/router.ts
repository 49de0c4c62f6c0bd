import { influencerSearchInput } from "@market/contracts";
import { searchInfluencers } from "../../services/influencers/search";
import { publicProcedure, router } from "../../trpc";

export const influencersRouter = router({
  /** The teaser for visitors, the full search for signed-in users (filters and pages arrive with discovery). */
  search: publicProcedure
    .input(influencerSearchInput)
    .query(({ ctx, input }) => searchInfluencers(ctx.db, input, { signedIn: ctx.viewer !== null })),
});
