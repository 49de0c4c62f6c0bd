import { type ApiKeyMode, type ApiKeyScope, MINUTE_MS, type Reason } from "@market/contracts";
import { apiKeys, type Db, eq, users } from "@market/db";
import { constantTimeEqual } from "@oslojs/crypto/subtle";
import type { Clock } from "../../clock";
import type { Viewer } from "../../viewer";
import { keyState } from "./api-key-json";
import { hashKeySecret, parseApiKey } from "./key-format";
import { keySessionId } from "./key-session";

/**
 * Who a valid key acts as: the same Viewer a session of its owner gives (so every authorization check applies
 * unchanged), never an impersonation, and what the key may reach.
 */
export interface ApiKeyActor {
  keyId: number;
  scopes: readonly ApiKeyScope[];
  viewer: Viewer;
  /** When its use was last written, to write it again at most once a minute (record-use.ts). */
  lastUsedAt: Date | null;
  lastUsedIp: string | null;
}

export type KeyRefusal = Extract<Reason, "key_invalid" | "key_expired" | "key_revoked">;

/** The actor a bearer key stands for, or why it is refused (all 401s: the caller must get another key). */
export async function authenticateApiKey(
  deps: { db: Db; clock: Clock; keyMode: ApiKeyMode },
  text: string,
): Promise<{ ok: true; actor: ApiKeyActor } | { ok: false; reason: KeyRefusal }> {
  const parts = parseApiKey(text);
  // A test key on a live server (or the reverse) is not one of this server's keys.
  if (!parts || parts.mode !== deps.keyMode) return { ok: false, reason: "key_invalid" };
  const [row] = await deps.db
    .select({
      id: apiKeys.id,
      secretHash: apiKeys.secretHash,
      scopes: apiKeys.scopes,
      expiresAt: apiKeys.expiresAt,
      rollExpiresAt: apiKeys.rollExpiresAt,
      revokedAt: apiKeys.revokedAt,
      lastUsedAt: apiKeys.lastUsedAt,
      lastUsedIp: apiKeys.lastUsedIp,
      userId: users.id,
      kind: users.kind,
      username: users.username,
      isAdmin: users.isAdmin,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(eq(apiKeys.publicId, parts.publicId))
    .limit(1);
  if (!row || !constantTimeEqual(hashKeySecret(parts.secret), new Uint8Array(row.secretHash))) {
    return { ok: false, reason: "key_invalid" };
  }
  // An account made an admin after its key was made: admins have no keys (key-owner.ts).
  if (row.isAdmin) return { ok: false, reason: "key_invalid" };
  const state = keyState(row, deps.clock.now());
  if (state === "revoked") return { ok: false, reason: "key_revoked" };
  if (state === "expired") return { ok: false, reason: "key_expired" };
  return {
    ok: true,
    actor: {
      keyId: row.id,
      scopes: row.scopes as ApiKeyScope[],
      viewer: {
        // No session: a key's viewer never matches a session's id (a password change keeps no session of its).
        sessionId: keySessionId(row.id),
        userId: row.userId,
        kind: row.kind,
        username: row.username,
        impersonatorId: null,
      },
      lastUsedAt: row.lastUsedAt,
      lastUsedIp: row.lastUsedIp,
    },
  };
}

/** A key's use is written at most this often (unless from another address), so a busy script costs few writes. */
export const KEY_USE_WRITE_EVERY_MS = MINUTE_MS;

/** Whether this use should be written: the first, one from a new address, or a minute after the last written. */
export function useIsDue(actor: ApiKeyActor, ip: string, now: Date): boolean {
  return (
    actor.lastUsedAt === null ||
    actor.lastUsedIp !== ip ||
    now.getTime() - actor.lastUsedAt.getTime() >= KEY_USE_WRITE_EVERY_MS
  );
}

/** Writes a key's last use (time and address); the caller runs it after answering, off the request's path. */
export async function recordKeyUse(db: Db, keyId: number, ip: string, now: Date): Promise<void> {
  await db.update(apiKeys).set({ lastUsedAt: now, lastUsedIp: ip }).where(eq(apiKeys.id, keyId));
}
