import { z } from "zod";
import { rowId } from "./ids";
import { singleLine } from "./text";
import { DAY_MS, HOUR_MS, MINUTE_MS } from "./time";

/**
 * API keys (issue 39): what a key may reach, as areas each read or written. An area groups procedures by what they
 * are about (packages/api's procedure-scopes.ts maps every procedure to one); `read` lets its queries through,
 * `write` its mutations.
 */
export const API_KEY_AREAS = ["campaigns", "applications", "payments", "earnings", "networks", "account"] as const;
export type ApiKeyArea = (typeof API_KEY_AREAS)[number];

export const API_KEY_ACCESS = ["read", "write"] as const;
export type ApiKeyAccess = (typeof API_KEY_ACCESS)[number];

/** One scope, `area:access`, as a key lists them (`campaigns:read`). */
export type ApiKeyScope = `${ApiKeyArea}:${ApiKeyAccess}`;

export const API_KEY_SCOPES = [
  "campaigns:read",
  "campaigns:write",
  "applications:read",
  "applications:write",
  "payments:read",
  "payments:write",
  "earnings:read",
  "earnings:write",
  "networks:read",
  "networks:write",
  "account:read",
  "account:write",
] as const satisfies readonly ApiKeyScope[];

export const scopeOf = (area: ApiKeyArea, access: ApiKeyAccess): ApiKeyScope => `${area}:${access}`;

/**
 * A key as shown once: `mk_live_` or `mk_test_` (test when the server pays through its sandbox), then a public id
 * that finds the row and a secret that proves possession, both lower-case base32 (the alphabet has no `_`).
 */
export const API_KEY_MODES = ["live", "test"] as const;
export type ApiKeyMode = (typeof API_KEY_MODES)[number];
export const API_KEY_PUBLIC_ID_LENGTH = 16;
/** 32 random bytes (256 bits) in base32. */
export const API_KEY_SECRET_LENGTH = 52;
export const API_KEY_PATTERN = /^mk_(live|test)_([a-z2-7]{16})_([a-z2-7]{52})$/;
/**
 * Anything that looks like a key, anywhere in a text (a query string): such a request is refused, as the URL of a
 * request ends up in logs, proxies and browser histories.
 */
export const LOOKS_LIKE_API_KEY = /mk_(?:live|test)_[A-Za-z0-9]/i;

export const API_KEY_NAME_MAX = 80;
/** A key's own expiry, when it has one: at most a year ahead. */
export const API_KEY_MAX_LIFETIME_MS = 365 * DAY_MS;
/** A rolled key's predecessor keeps working this long unless the roll says otherwise, at most a week. */
export const API_KEY_ROLL_DEFAULT_MINUTES = (24 * HOUR_MS) / MINUTE_MS;
export const API_KEY_ROLL_MAX_MINUTES = (7 * DAY_MS) / MINUTE_MS;
/** Requests one key may make per window (docs/api.md, "Keys"); RATE_LIMIT_SCALE scales it. */
export const API_KEY_REQUESTS_PER_MINUTE = 600;

const instant = z.iso.datetime({ offset: true }).transform((value) => new Date(value));

export const apiKeyScopesSchema = z
  .array(z.enum(API_KEY_SCOPES))
  .min(1, "Choose at least one scope.")
  .max(API_KEY_SCOPES.length)
  .transform((scopes) => [...new Set(scopes)]);

export const createApiKeyInput = z.object({
  name: singleLine(z.string().trim().min(1).max(API_KEY_NAME_MAX)),
  scopes: apiKeyScopesSchema,
  /** None: the key works until revoked. The service checks it is in the future and within a year. */
  expiresAt: instant.nullable().default(null),
});
export type CreateApiKeyInput = z.input<typeof createApiKeyInput>;

export const revokeApiKeyInput = z.object({ id: rowId });

export const rollApiKeyInput = z.object({
  id: rowId,
  /** How long the old key keeps working beside the new one: 0 ends it at once. */
  oldKeyExpiresInMinutes: z.number().int().min(0).max(API_KEY_ROLL_MAX_MINUTES).default(API_KEY_ROLL_DEFAULT_MINUTES),
});
export type RollApiKeyInput = z.input<typeof rollApiKeyInput>;

export const API_KEY_STATES = ["active", "expired", "revoked"] as const;
export type ApiKeyState = (typeof API_KEY_STATES)[number];

/** A key as its owner's list shows it: never its secret, nor its hash. */
export interface ApiKeyJson {
  id: number;
  name: string;
  /** `mk_live_` or `mk_test_` and the public id: what the owner recognizes in their script. */
  prefix: string;
  mode: ApiKeyMode;
  scopes: ApiKeyScope[];
  created: string;
  /** The key's own expiry, or when a roll ends it, whichever is first; null: until revoked. */
  expiresAt: string | null;
  lastUsedAt: string | null;
  lastUsedIp: string | null;
  revokedAt: string | null;
  state: ApiKeyState;
}

/** The answer of a create or a roll: the key itself, shown this once. */
export interface CreatedApiKeyJson {
  key: string;
  apiKey: ApiKeyJson;
}
