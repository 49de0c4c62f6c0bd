import { campaignInput, dealIdInput, dealSearchInput, updateCampaignInput } from "@market/contracts";
import { pauseCampaign, removeCampaign, resumeCampaign } from "../../services/deals/campaign-actions";
import { getDeal, myCampaigns } from "../../services/deals/read-deals";
import { createCampaign, updateCampaign } from "../../services/deals/save-campaign";
import { searchDeals } from "../../services/deals/search-deals";
import { brandProcedure, influencerProcedure, router, signedInProcedure } from "../../trpc";

/**
 * Campaigns of a brand (spec sections 2 to 7). Another brand's campaign, a deleted one and an unknown id all
 * answer not_found, for every procedure, so ids reveal nothing.
 */
export const dealsRouter = router({
  /** POST /api/campaigns. */
  create: brandProcedure
    .input(campaignInput)
    .mutation(({ ctx, input }) => createCampaign(ctx, ctx.viewer.userId, input)),
  /** POST /api/campaigns/{id}. */
  update: brandProcedure
    .input(updateCampaignInput)
    .mutation(({ ctx, input }) => updateCampaign(ctx, ctx.viewer.userId, input.id, input.campaign)),
  /** POST /api/campaigns/{id}/pause: answers the updated campaign. */
  pause: brandProcedure
    .input(dealIdInput)
    .mutation(({ ctx, input }) => pauseCampaign(ctx, ctx.viewer.userId, input.id)),
  /** POST /api/campaigns/{id}/resume: answers the updated campaign. */
  resume: brandProcedure
    .input(dealIdInput)
    .mutation(({ ctx, input }) => resumeCampaign(ctx, ctx.viewer.userId, input.id)),
  /** POST /api/campaigns/{id}/delete: only without applicants (reason has_applicants). */
  remove: brandProcedure
    .input(dealIdInput)
    .mutation(({ ctx, input }) => removeCampaign(ctx, ctx.viewer.userId, input.id)),
  /** GET /api/deals: the brand's campaigns, newest first. */
  mine: brandProcedure.query(({ ctx }) => myCampaigns(ctx, ctx.viewer.userId)),
  /** POST /api/deals/search: influencers find open deals (10 per page, with the category sidebar's counts). */
  search: influencerProcedure.input(dealSearchInput).query(({ ctx, input }) => searchDeals(ctx, input)),
  /** GET /api/deals/{id}: the owner brand, an impersonating admin, or an influencer (with their application). */
  get: signedInProcedure.input(dealIdInput).query(({ ctx, input }) => getDeal(ctx, ctx.viewer, input.id)),
});
