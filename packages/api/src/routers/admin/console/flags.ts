import { consoleFlagInput, decideAppealInput, flagIdInput, flagListInput } from "@market/contracts";
import { decideAppeal } from "../../../services/console/flags/decide-appeal";
import { flagFromConsole } from "../../../services/console/flags/flag-from-console";
import { getFlag } from "../../../services/console/flags/get-flag";
import { listFlags } from "../../../services/console/flags/list-flags";
import { consoleProcedure, router } from "../../../trpc";

/** The console's flags and appeals (issue 36, points 2 and 5). No REST shim: the console's screen is their client. */
export const flagsRouter = router({
  /** The flags queue: flags standing, or appeals awaiting a decision; keyset-paged. */
  list: consoleProcedure.input(flagListInput).query(({ ctx, input }) => listFlags(ctx, input)),
  /** A flag with its appeal's text and files, and its decision. */
  get: consoleProcedure.input(flagIdInput).query(({ ctx, input }) => getFlag(ctx, input.flagId)),
  /** Flags an influencer FAKE with a reason and a note, told to them. */
  flag: consoleProcedure.input(consoleFlagInput).mutation(({ ctx, input }) => flagFromConsole(ctx, ctx.adminId, input)),
  /** Answers an appeal: uphold the flag or lift it, with a reason told to the influencer. */
  decide: consoleProcedure.input(decideAppealInput).mutation(({ ctx, input }) => decideAppeal(ctx, ctx.adminId, input)),
});
