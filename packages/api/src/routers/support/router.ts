import { helpInput } from "@market/contracts";
import { askForHelp } from "../../services/support/help";
import { router, signedInProcedure } from "../../trpc";

export const supportRouter = router({
  /** POST /api/help: a question from the help form (brand /help, influencer /help-center). */
  ask: signedInProcedure.input(helpInput).mutation(({ ctx, input }) => askForHelp(ctx, ctx.viewer, input)),
});
