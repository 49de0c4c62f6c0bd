import { acceptInput, declineInput, REQUEST_CHANGES_REQUIRED_FIELDS, requestChangesInput } from "@market/contracts";
import { decline, requestChanges } from "../../services/applications/waiting-actions";
import { accept } from "../../services/payments/accept";
import { signedInProcedure } from "../../trpc";
import { requireFields } from "./require-fields";

/**
 * The brand's actions on a WAITING application. Open to any signed-in user: the lifecycle runner answers
 * not_found to anyone not a party and forbidden to the influencer, so nobody learns of another's application.
 */
export const waitingActionProcedures = {
  /** POST /api/applications/{id}/changes */
  requestChanges: signedInProcedure
    .use(requireFields(REQUEST_CHANGES_REQUIRED_FIELDS))
    .input(requestChangesInput)
    .mutation(({ ctx, input }) => requestChanges(ctx, ctx.viewer, input)),
  /** POST /api/applications/{id}/decline */
  decline: signedInProcedure.input(declineInput).mutation(({ ctx, input }) => decline(ctx, ctx.viewer, input)),
  /** POST /api/applications/{id}/accept: hire the ticked networks and pay (services/payments/accept.ts). */
  accept: signedInProcedure.input(acceptInput).mutation(({ ctx, input }) => accept(ctx, ctx.viewer, input)),
};
