import type { ApiKeyJson, revokeApiKeyInput } from "@market/contracts";
import { type ApiKey, and, apiKeys, type Db, eq } from "@market/db";
import type { z } from "zod";
import type { Clock } from "../../clock";
import { fail } from "../../errors";
import type { Viewer } from "../../viewer";
import { announceSessionsEnded } from "../notifications/session-ended";
import { apiKeyJson } from "./api-key-json";
import { refuseAdminKeyOwner } from "./key-owner";
import { keySessionId } from "./key-session";

/** The viewer's key, locked for the change; another's is not found, as if it did not exist. */
export async function ownKeyForUpdate(db: Db, viewer: Viewer, id: number): Promise<ApiKey> {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, viewer.userId)))
    .for("update");
  if (!row) fail("not_found");
  return row;
}

/**
 * Ends a key at once: its next request is refused (key_revoked), its open sockets close. Revoking a revoked key
 * changes nothing.
 */
export async function revokeApiKey(
  deps: { db: Db; clock: Clock },
  viewer: Viewer,
  input: z.output<typeof revokeApiKeyInput>,
): Promise<ApiKeyJson> {
  await refuseAdminKeyOwner(deps.db, viewer);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const key = await ownKeyForUpdate(tx, viewer, input.id);
    if (key.revokedAt !== null) return apiKeyJson(key, now);
    const [row] = await tx.update(apiKeys).set({ revokedAt: now }).where(eq(apiKeys.id, key.id)).returning();
    // The live sockets opened with the key close at commit, on every instance, not at their next check.
    await announceSessionsEnded(tx, [keySessionId(key.id)]);
    return apiKeyJson(row ?? key, now);
  });
}
