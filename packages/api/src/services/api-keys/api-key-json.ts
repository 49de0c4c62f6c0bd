import type { ApiKeyJson, ApiKeyScope, ApiKeyState } from "@market/contracts";
import type { ApiKey } from "@market/db";
import { isoInstant } from "../../iso-instant";
import { keyPrefix } from "./key-format";

/** When a key stops working: its own expiry or the end a roll gave it, whichever comes first. */
export function effectiveExpiry(key: Pick<ApiKey, "expiresAt" | "rollExpiresAt">): Date | null {
  const ends = [key.expiresAt, key.rollExpiresAt].filter((end): end is Date => end !== null);
  if (ends.length === 0) return null;
  return new Date(Math.min(...ends.map((end) => end.getTime())));
}

export function keyState(key: Pick<ApiKey, "expiresAt" | "rollExpiresAt" | "revokedAt">, now: Date): ApiKeyState {
  if (key.revokedAt !== null) return "revoked";
  const end = effectiveExpiry(key);
  return end !== null && end.getTime() <= now.getTime() ? "expired" : "active";
}

export function apiKeyJson(key: ApiKey, now: Date): ApiKeyJson {
  const expiresAt = effectiveExpiry(key);
  return {
    id: key.id,
    name: key.name,
    prefix: keyPrefix(key.mode, key.publicId),
    mode: key.mode,
    scopes: key.scopes as ApiKeyScope[],
    created: isoInstant(key.createdAt),
    expiresAt: expiresAt && isoInstant(expiresAt),
    lastUsedAt: key.lastUsedAt && isoInstant(key.lastUsedAt),
    lastUsedIp: key.lastUsedIp,
    revokedAt: key.revokedAt && isoInstant(key.revokedAt),
    state: keyState(key, now),
  };
}
