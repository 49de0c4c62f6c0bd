import { type CreatedApiKeyJson, MINUTE_MS, type rollApiKeyInput } from "@market/contracts";
import { apiKeys, eq } from "@market/db";
import type { z } from "zod";
import { fail } from "../../errors";
import type { Viewer } from "../../viewer";
import { effectiveExpiry, keyState } from "./api-key-json";
import { type ApiKeyDeps, insertKey, keyModeOf } from "./create-api-key";
import { refuseAdminKeyOwner } from "./key-owner";
import { ownKeyForUpdate } from "./revoke-api-key";

/**
 * A new key with the old one's name, scopes and expiry, answered once; the old one keeps working for the chosen
 * minutes (a day unless told), so a script can move to the new key without a gap, then ends. A key that no longer
 * works cannot be rolled (make a new one), nor can one already rolled (roll its successor).
 */
export async function rollApiKey(
  deps: ApiKeyDeps,
  viewer: Viewer,
  input: z.output<typeof rollApiKeyInput>,
): Promise<CreatedApiKeyJson> {
  await refuseAdminKeyOwner(deps.db, viewer);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const old = await ownKeyForUpdate(tx, viewer, input.id);
    if (keyState(old, now) !== "active") fail("conflict", "This key no longer works: create a new one.");
    if (old.replacedById !== null) fail("conflict", "This key was already rolled: roll its successor.");
    const created = await insertKey(tx, now, keyModeOf(deps.payments), {
      userId: old.userId,
      name: old.name,
      scopes: old.scopes,
      expiresAt: old.expiresAt,
    });
    const rollEnd = new Date(now.getTime() + input.oldKeyExpiresInMinutes * MINUTE_MS);
    const end = effectiveExpiry({ expiresAt: old.expiresAt, rollExpiresAt: rollEnd });
    await tx.update(apiKeys).set({ rollExpiresAt: end, replacedById: created.apiKey.id }).where(eq(apiKeys.id, old.id));
    return created;
  });
}
