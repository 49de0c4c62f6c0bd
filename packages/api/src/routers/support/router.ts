import { askForHelpInput } from "@market/contracts";
import { askForHelp } from "../../services/support/ask-for-help";
import { router, signedInProcedure } from "../../trpc";

export const supportRouter = router({
  /** POST /api/help: a question from the help form (brand /help, influencer /help-center). */
  askForHelp: signedInProcedure.input(askForHelpInput).mutation(({ ctx, input }) => askForHelp(ctx, ctx.viewer, input)),
});
