import { applicationIdInput, workDoneInput, workNotDoneInput } from "@market/contracts";
import { release, workDone, workNotDone } from "../../services/applications/delivery";
import { signedInProcedure } from "../../trpc";

/**
 * The work and the money of a PROGRESS application (spec section 4). Open to any signed-in user: the lifecycle
 * runner answers not_found to anyone not a party and forbidden to the party the action is not for, so nobody
 * learns of another's application.
 */
export const deliveryProcedures = {
  /**
   * POST /api/applications/{id}/done: the influencer's work done with the published posts' links, files and a note
   * (issue 37); the brand's 10-day window starts and the posts are checked on their networks.
   */
  workDone: signedInProcedure.input(workDoneInput).mutation(({ ctx, input }) => workDone(ctx, ctx.viewer, input)),
  /** POST /api/applications/{id}/undone: the brand contests; the countdown pauses and the case goes to arbitration. */
  workNotDone: signedInProcedure
    .input(workNotDoneInput)
    .mutation(({ ctx, input }) => workNotDone(ctx, ctx.viewer, input)),
  /** POST /api/applications/{id}/release: the brand releases the money to the influencer (COMPLETE). */
  release: signedInProcedure.input(applicationIdInput).mutation(({ ctx, input }) => release(ctx, ctx.viewer, input)),
};
