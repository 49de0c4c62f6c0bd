import { createHmac, timingSafeEqual } from "node:crypto";
import { MAX_ROW_ID, SEARCH_ID_PATTERN } from "@market/contracts";

/**
 * Opaque search ids (spec section 2: an id longer than 10 characters marks a profile reached through a
 * search; the Hire button shows only then). Format: "s" + base36(user id) + "." + the first 10 characters
 * of base64url(HMAC-SHA256(secret, "influencer-search:" + user id)). Stable for a user (no time in it),
 * at least 13 characters, and not forgeable without the secret: a tampered tag decodes to nothing.
 *
 * The secret is SEARCH_ID_SECRET; without it a constant development secret is used, which is fine for the
 * embedded database and tests but must be overridden in production (the ids are then guessable).
 */
export const DEV_SEARCH_ID_SECRET = "market-dev-search-id-secret";

const TAG_LENGTH = 10;

function secret(): string {
  // biome-ignore lint/style/noProcessEnv: issue 11 point 17 moves SEARCH_ID_SECRET into the server env module and the service deps
  return process.env.SEARCH_ID_SECRET || DEV_SEARCH_ID_SECRET;
}

function tag(userId: number): string {
  return createHmac("sha256", secret()).update(`influencer-search:${userId}`).digest("base64url").slice(0, TAG_LENGTH);
}

export function encodeSearchId(userId: number): string {
  return `s${userId.toString(36)}.${tag(userId)}`;
}

/** The user id behind a search id, or null when it is malformed or its tag does not match. */
export function decodeSearchId(searchId: string): number | null {
  if (!SEARCH_ID_PATTERN.test(searchId)) return null;
  const [head, given] = searchId.slice(1).split(".") as [string, string];
  const userId = Number.parseInt(head, 36);
  if (!Number.isSafeInteger(userId) || userId <= 0 || userId > MAX_ROW_ID) return null;
  const expected = Buffer.from(tag(userId));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? userId : null;
}

/**
 * Resolves a validated influencer reference (the output of contracts' influencerRef: a number, or a search id
 * string). Null when a search id does not verify.
 */
export function resolveInfluencerRef(ref: number | string): { userId: number; viaSearch: boolean } | null {
  if (typeof ref === "number") return { userId: ref, viaSearch: false };
  const userId = decodeSearchId(ref);
  return userId === null ? null : { userId, viaSearch: true };
}
