import { API_KEY_SCOPES, type ApiKeyMode, type ApiKeyScope } from "@market/contracts";
import { apiKeys, type Db } from "@market/db";
import { generateApiKey, hashKeySecret } from "../services/api-keys/key-format";

/**
 * A key of the user's, stored as POST /api/keys stores it (every scope unless told), answered as its text: for tests
 * that use keys without a session making them (the authorization matrix's key rows).
 */
export async function apiKeyFor(
  db: Db,
  userId: number,
  options: { scopes?: readonly ApiKeyScope[]; mode?: ApiKeyMode; name?: string } = {},
): Promise<{ id: number; key: string }> {
  const mode = options.mode ?? "test";
  const generated = generateApiKey(mode);
  const [row] = await db
    .insert(apiKeys)
    .values({
      publicId: generated.publicId,
      secretHash: hashKeySecret(generated.secret),
      userId,
      name: options.name ?? "test key",
      scopes: [...(options.scopes ?? API_KEY_SCOPES)],
      mode,
    })
    .returning({ id: apiKeys.id });
  if (!row) throw new Error("api key not inserted");
  return { id: row.id, key: generated.key };
}
