import { saveSettingsInput } from "@market/contracts";
import { getSettings } from "../../services/settings/get-settings";
import { saveSettings } from "../../services/settings/save-settings";
import { router, signedInProcedure } from "../../trpc";

export const settingsRouter = router({
  /** GET /api/settings: user, profile, contact and notification preferences of the caller's kind. */
  get: signedInProcedure.query(({ ctx }) => getSettings(ctx.db, ctx.viewer.userId)),
  /** POST /api/settings: saves one field (profile, contact or notifications); answers the settings as saved. */
  save: signedInProcedure.input(saveSettingsInput).mutation(async ({ ctx, input }) => {
    await saveSettings(ctx.db, ctx.clock, ctx.viewer, input);
    return getSettings(ctx.db, ctx.viewer.userId);
  }),
});
