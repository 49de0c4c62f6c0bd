import type { ApiKeyJson } from "@market/contracts";
import { apiKeys, type Db, desc, eq } from "@market/db";
import type { Clock } from "../../clock";
import type { Viewer } from "../../viewer";
import { apiKeyJson } from "./api-key-json";
import { refuseAdminKeyOwner } from "./key-owner";

/** The newest keys a list shows: the working ones are at most API_KEYS_ACTIVE_MAX, the rest history. */
export const API_KEYS_LIST_MAX = 100;

/** The viewer's keys, newest first (api_keys_user_created_idx), without secrets. */
export async function listApiKeys(deps: { db: Db; clock: Clock }, viewer: Viewer): Promise<ApiKeyJson[]> {
  await refuseAdminKeyOwner(deps.db, viewer);
  const rows = await deps.db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.userId, viewer.userId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
    .limit(API_KEYS_LIST_MAX);
  const now = deps.clock.now();
  return rows.map((row) => apiKeyJson(row, now));
}
