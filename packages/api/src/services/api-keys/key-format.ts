import { hash } from "node:crypto";
import { API_KEY_PATTERN, type ApiKeyMode } from "@market/contracts";
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";

/** An API key's parts: the mode and public id are not secret (the list shows them), the secret is. */
export interface ApiKeyParts {
  mode: ApiKeyMode;
  publicId: string;
  secret: string;
}

function randomBase32(bytes: number): string {
  const buffer = new Uint8Array(bytes);
  crypto.getRandomValues(buffer);
  return encodeBase32LowerCaseNoPadding(buffer);
}

/** The text a key is shown as once, and what a script sends: `mk_{mode}_{publicId}_{secret}`. */
export const keyText = ({ mode, publicId, secret }: ApiKeyParts): string => `mk_${mode}_${publicId}_${secret}`;

/** The part of a key the owner's list shows: its prefix and public id, never the secret. */
export const keyPrefix = (mode: ApiKeyMode, publicId: string): string => `mk_${mode}_${publicId}`;

/** A new key: 10 bytes of public id (16 base32 characters) and 32 bytes of secret (52). */
export function generateApiKey(mode: ApiKeyMode): ApiKeyParts & { key: string } {
  const parts = { mode, publicId: randomBase32(10), secret: randomBase32(32) };
  return { ...parts, key: keyText(parts) };
}

/** A key's parts, or null when the text is not a key of our format. */
export function parseApiKey(text: string): ApiKeyParts | null {
  const match = API_KEY_PATTERN.exec(text);
  if (!match) return null;
  const [, mode, publicId, secret] = match;
  return { mode: mode as ApiKeyMode, publicId: publicId as string, secret: secret as string };
}

/**
 * SHA-256 of the secret. A slow hash (argon2, as passwords get) would guard a guessable secret; this one has 256
 * random bits, so a fast hash is as safe and costs every bearer request microseconds instead of milliseconds.
 */
export const hashKeySecret = (secret: string): Uint8Array => new Uint8Array(hash("sha256", secret, "buffer"));
