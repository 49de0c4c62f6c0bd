import { applicationIdInput, leaveFeedbackInput } from "@market/contracts";
import { getFeedback } from "../../services/applications/feedback/get-feedback";
import { leaveFeedback } from "../../services/applications/feedback/leave-feedback";
import { signedInProcedure } from "../../trpc";

/**
 * The brand's feedback on a completed hire (spec sections 2, 4 and 7). Open to any signed-in user: the service
 * answers not_found to anyone not a party and forbidden to the influencer, so nobody learns of another's application.
 */
export const feedbackProcedures = {
  /** GET /api/applications/{id}/feedback: the feedback page's data. */
  feedback: signedInProcedure.input(applicationIdInput).query(({ ctx, input }) => getFeedback(ctx, ctx.viewer, input)),
  /** POST /api/applications/{id}/feedback: the brand's feedback, once, more than 7 days after the release. */
  leaveFeedback: signedInProcedure
    .input(leaveFeedbackInput)
    .mutation(({ ctx, input }) => leaveFeedback(ctx, ctx.viewer, input)),
};
