import {
  applicationIdInput,
  applicationListInput,
  campaignApplicationListInput,
  createProposalInput,
  PROPOSAL_REQUIRED_FIELDS,
  PROPOSAL_UPDATE_REQUIRED_FIELDS,
  updateProposalInput,
} from "@market/contracts";
import { getApplication } from "../../services/applications/get-application";
import { listApplications, listCampaignApplications } from "../../services/applications/list-applications";
import { createProposal, updateProposal } from "../../services/applications/proposals";
import { paymentReceipt } from "../../services/receipts/payment-receipt";
import { brandProcedure, influencerProcedure, router, signedInProcedure } from "../../trpc";
import { deliveryProcedures } from "./delivery";
import { feedbackProcedures } from "./feedback";
import { requireFields } from "./require-fields";
import { reviewProcedures } from "./review";
import { waitingActionProcedures } from "./waiting-actions";

/** An influencer's call whose body must carry `fields` (missing_parameters otherwise). */
const influencerRequiring = (fields: readonly string[]) => influencerProcedure.use(requireFields(fields));

/** Applications (spec sections 2 to 8): proposals of influencers and the lists. Nobody reads or changes another's application. */
export const applicationsRouter = router({
  /** GET /api/applications/{id}: the application page, for its two parties only. */
  get: signedInProcedure.input(applicationIdInput).query(({ ctx, input }) => getApplication(ctx, ctx.viewer, input.id)),
  /** POST /api/applications: a new proposal (WAITING). */
  create: influencerRequiring(PROPOSAL_REQUIRED_FIELDS)
    .input(createProposalInput)
    .mutation(({ ctx, input }) =>
      createProposal(ctx, { userId: ctx.viewer.userId, impersonatorId: ctx.viewer.impersonatorId }, input),
    ),
  /** POST /api/applications/{id}: the influencer updates their WAITING proposal. */
  update: influencerRequiring(PROPOSAL_UPDATE_REQUIRED_FIELDS)
    .input(updateProposalInput)
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
  /** GET /api/applications/{id}/receipt.pdf: the brand's receipt of its payment for the hire (a PDF). */
  receipt: brandProcedure.input(applicationIdInput).query(({ ctx, input }) => paymentReceipt(ctx, ctx.viewer, input)),
  ...waitingActionProcedures,
  ...deliveryProcedures,
  ...feedbackProcedures,
  ...reviewProcedures,
});
