import { createApiKeyInput, revokeApiKeyInput, rollApiKeyInput } from "@market/contracts";
import { createApiKey } from "../../services/api-keys/create-api-key";
import { listApiKeys } from "../../services/api-keys/list-api-keys";
import { revokeApiKey } from "../../services/api-keys/revoke-api-key";
import { rollApiKey } from "../../services/api-keys/roll-api-key";
import { router, signedInProcedure } from "../../trpc";

/** A brand's or an influencer's API keys (issue 39): a session only (procedure-scopes.ts), never an admin. */
export const keysRouter = router({
  /** GET /api/keys: the caller's keys, newest first, without secrets. */
  list: signedInProcedure.query(({ ctx }) => listApiKeys(ctx, ctx.viewer)),
  /** POST /api/keys: a new key, whose text this answer shows once. */
  create: signedInProcedure.input(createApiKeyInput).mutation(({ ctx, input }) => createApiKey(ctx, ctx.viewer, input)),
  /** POST /api/keys/{id}/revoke: ends the key at once. */
  revoke: signedInProcedure.input(revokeApiKeyInput).mutation(({ ctx, input }) => revokeApiKey(ctx, ctx.viewer, input)),
  /** POST /api/keys/{id}/roll: a new key like it; the old one ends after the chosen minutes. */
  roll: signedInProcedure.input(rollApiKeyInput).mutation(({ ctx, input }) => rollApiKey(ctx, ctx.viewer, input)),
});
