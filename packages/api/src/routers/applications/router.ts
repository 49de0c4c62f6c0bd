import {
  applicationIdInput,
  applicationListInput,
  campaignApplicationListInput,
  missingFields,
  PROPOSAL_REQUIRED_FIELDS,
  PROPOSAL_UPDATE_REQUIRED_FIELDS,
  proposalInput,
  proposalUpdateInput,
} from "@market/contracts";
import { fail } from "../../errors";
import { readApplicationPage } from "../../services/applications/application-page";
import { listApplications, listCampaignApplications } from "../../services/applications/list-applications";
import { createProposal, updateProposal } from "../../services/applications/proposals";
import { brandProcedure, influencerProcedure, router, signedInProcedure } from "../../trpc";

/**
 * Spec section 8 "missing parameters": a body without one of the required fields answers
 * missing_parameters before the schema runs (a present but malformed field is `invalid`, on its field).
 */
const requireFields = (fields: readonly string[]) =>
  influencerProcedure.use(async ({ getRawInput, next }) => {
    const missing = missingFields(await getRawInput(), fields);
    if (missing.length > 0) fail("BAD_REQUEST", "missing_parameters", `Missing: ${missing.join(", ")}.`);
    return next();
  });

/** Applications (spec sections 2 to 8): proposals of influencers and the lists. Nobody reads or changes another's application. */
export const applicationsRouter = router({
  /** GET /api/applications/{id}: the application page, for its two parties only. */
  get: signedInProcedure
    .input(applicationIdInput)
    .query(({ ctx, input }) => readApplicationPage(ctx, ctx.viewer, input.id)),
  /** POST /api/applications: a new proposal (WAITING). */
  create: requireFields(PROPOSAL_REQUIRED_FIELDS)
    .input(proposalInput)
    .mutation(({ ctx, input }) =>
      createProposal(ctx, { userId: ctx.viewer.userId, impersonatorId: ctx.viewer.impersonatorId }, input),
    ),
  /** POST /api/applications/{id}: the influencer updates their WAITING proposal. */
  update: requireFields(PROPOSAL_UPDATE_REQUIRED_FIELDS)
    .input(proposalUpdateInput)
    .mutation(({ ctx, input }) =>
      updateProposal(ctx, { userId: ctx.viewer.userId, impersonatorId: ctx.viewer.impersonatorId }, input),
    ),
  /** GET /api/applications: a brand's applications across its campaigns, an influencer's own; 20 a page. */
  list: signedInProcedure
    .input(applicationListInput)
    .query(({ ctx, input }) => listApplications(ctx, ctx.viewer, input)),
  /** GET /api/campaigns/{id}/applications: the applicants of one of the brand's campaigns, with the campaign. */
  ofCampaign: brandProcedure
    .input(campaignApplicationListInput)
    .query(({ ctx, input }) => listCampaignApplications(ctx, ctx.viewer, input)),
});
