import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

/**
 * OAuth tokens at rest (spec: tokens never in clear in the database). AES-256-GCM, one random 96-bit IV per
 * value, and the header authenticated with the ciphertext. A stored value reads
 *
 *   v1.<key id>.<iv>.<ciphertext and tag>      (base64url parts)
 *
 * The version names the format; the key id (a hash of the key, which reveals nothing of it) names the key, so
 * keys rotate: the new key encrypts, the previous ones (NETWORK_TOKEN_PREVIOUS_KEYS) still decrypt, and each
 * token is written again under the new key the next time it is refreshed.
 */
export interface TokenCipher {
  encryptToken(token: string): string;
  /** Throws TokenDecryptError for a value this keyring did not write, or one altered since. */
  decryptToken(stored: string): string;
}

export class TokenDecryptError extends Error {
  constructor(reason: string) {
    super(`stored token refused: ${reason}`);
    this.name = "TokenDecryptError";
  }
}

/**
 * The key of development and tests, like DEV_SEARCH_ID_SECRET: anyone can read tokens encrypted with it, so
 * production refuses to start without NETWORK_TOKEN_KEY (apps/server/src/env.ts).
 */
export const DEV_NETWORK_TOKEN_KEY = Buffer.from(
  "6d61726b65742d6465762d6e6574776f726b2d746f6b656e2d6b65792d303031",
  "hex",
);

const VERSION = "v1";
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

const keyIdOf = (key: Uint8Array) =>
  createHash("sha256").update("network-token-key:").update(key).digest("base64url").slice(0, 8);

export function createTokenCipher(current: Uint8Array, previous: readonly Uint8Array[] = []): TokenCipher {
  for (const key of [current, ...previous]) {
    if (key.byteLength !== KEY_BYTES) throw new Error(`a token key has ${KEY_BYTES} bytes, not ${key.byteLength}`);
  }
  const currentId = keyIdOf(current);
  const keys = new Map<string, Uint8Array>([...previous, current].map((key) => [keyIdOf(key), key]));

  return {
    encryptToken(token) {
      const header = `${VERSION}.${currentId}`;
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", current, iv);
      cipher.setAAD(Buffer.from(header));
      const sealed = Buffer.concat([cipher.update(token, "utf8"), cipher.final(), cipher.getAuthTag()]);
      return `${header}.${iv.toString("base64url")}.${sealed.toString("base64url")}`;
    },
    decryptToken(stored) {
      const parts = stored.split(".");
      if (parts.length !== 4 || parts[0] !== VERSION) throw new TokenDecryptError("unknown format");
      const [version, keyId, ivText, sealedText] = parts as [string, string, string, string];
      const key = keys.get(keyId);
      if (!key) throw new TokenDecryptError("unknown key");
      const iv = Buffer.from(ivText, "base64url");
      const sealed = Buffer.from(sealedText, "base64url");
      if (iv.byteLength !== IV_BYTES || sealed.byteLength < TAG_BYTES) throw new TokenDecryptError("truncated");
      const decipher = createDecipheriv("aes-256-gcm", key, iv);
      decipher.setAAD(Buffer.from(`${version}.${keyId}`));
      decipher.setAuthTag(sealed.subarray(sealed.byteLength - TAG_BYTES));
      try {
        return Buffer.concat([
          decipher.update(sealed.subarray(0, sealed.byteLength - TAG_BYTES)),
          decipher.final(),
        ]).toString("utf8");
      } catch {
        throw new TokenDecryptError("altered or wrong key");
      }
    },
  };
}

/**
 * A 32-byte key written as 64 hex digits or as base64 / base64url (44 or 43 characters); null for anything else.
 * Used by the env module to read NETWORK_TOKEN_KEY.
 */
export function parseTokenKey(text: string): Buffer | null {
  const trimmed = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, "hex");
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)) {
    const bytes = Buffer.from(trimmed.replace(/\+/g, "-").replace(/\//g, "_").replace(/=$/, ""), "base64url");
    return bytes.byteLength === KEY_BYTES ? bytes : null;
  }
  return null;
}
