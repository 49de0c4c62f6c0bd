import {
  API_KEY_MAX_LIFETIME_MS,
  type ApiKeyMode,
  type CreatedApiKeyJson,
  type createApiKeyInput,
} from "@market/contracts";
import { and, apiKeys, count, type Db, eq, gt, isNull, or } from "@market/db";
import type { z } from "zod";
import type { Clock } from "../../clock";
import { fail, failField } from "../../errors";
import type { Viewer } from "../../viewer";
import type { PaymentGateway } from "../payments/gateway";
import { isSandboxGateway } from "../payments/sandbox/sandbox-gateway";
import { apiKeyJson } from "./api-key-json";
import { generateApiKey, hashKeySecret } from "./key-format";
import { refuseAdminKeyOwner } from "./key-owner";

/** Keys that still work, per account: far above a few scripts and partners, and it keeps the list one page. */
export const API_KEYS_ACTIVE_MAX = 25;

export interface ApiKeyDeps {
  db: Db;
  clock: Clock;
  payments: PaymentGateway;
}

/** Test keys while the server pays through its sandbox (no money moves), live keys on a real provider. */
export const keyModeOf = (payments: PaymentGateway): ApiKeyMode => (isSandboxGateway(payments) ? "test" : "live");

/** Keys of the user that still work at `now`. */
export async function activeKeyCount(db: Db, userId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(apiKeys)
    .where(
      and(
        eq(apiKeys.userId, userId),
        isNull(apiKeys.revokedAt),
        or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, now)),
        or(isNull(apiKeys.rollExpiresAt), gt(apiKeys.rollExpiresAt, now)),
      ),
    );
  return row?.n ?? 0;
}

/** A new key of the viewer's, answered with its text this once: only its secret's hash is kept. */
export async function createApiKey(
  deps: ApiKeyDeps,
  viewer: Viewer,
  input: z.output<typeof createApiKeyInput>,
): Promise<CreatedApiKeyJson> {
  await refuseAdminKeyOwner(deps.db, viewer);
  const now = deps.clock.now();
  if (input.expiresAt !== null) {
    if (input.expiresAt.getTime() <= now.getTime()) failField(["expiresAt"], "Choose a time in the future.");
    if (input.expiresAt.getTime() > now.getTime() + API_KEY_MAX_LIFETIME_MS) {
      failField(["expiresAt"], "A key lasts a year at most.");
    }
  }
  if ((await activeKeyCount(deps.db, viewer.userId, now)) >= API_KEYS_ACTIVE_MAX) {
    fail("conflict", `An account has ${API_KEYS_ACTIVE_MAX} working keys at most: revoke one first.`);
  }
  return insertKey(deps.db, now, keyModeOf(deps.payments), {
    userId: viewer.userId,
    name: input.name,
    scopes: input.scopes,
    expiresAt: input.expiresAt,
  });
}

/** Stores a new key (create, roll) and answers it with its text. */
export async function insertKey(
  db: Db,
  now: Date,
  mode: ApiKeyMode,
  values: { userId: number; name: string; scopes: string[]; expiresAt: Date | null },
): Promise<CreatedApiKeyJson> {
  const generated = generateApiKey(mode);
  const [row] = await db
    .insert(apiKeys)
    .values({
      ...values,
      publicId: generated.publicId,
      secretHash: hashKeySecret(generated.secret),
      mode,
      createdAt: now,
    })
    .returning();
  if (!row) throw new Error("api key not inserted");
  return { key: generated.key, apiKey: apiKeyJson(row, now) };
}
