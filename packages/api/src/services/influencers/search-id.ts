import { createHmac, timingSafeEqual } from "node:crypto";
import { MAX_ROW_ID, SEARCH_ID_PATTERN } from "@market/contracts";

/**
 * Opaque search ids (spec section 2: an id longer than 10 characters marks a profile reached through a
 * search; the Hire button shows only then). Format: "s" + base36(user id) + "." + the first 10 characters
 * of base64url(HMAC-SHA256(secret, "influencer-search:" + user id)). Stable for a user (no time in it),
 * at least 13 characters, and not forgeable without the secret: a tampered tag decodes to nothing.
 *
 * The secret is ApiDeps.searchIdSecret (SEARCH_ID_SECRET, which production must set); development and tests
 * use this constant, with which anyone can forge ids.
 */
export const DEV_SEARCH_ID_SECRET = "market-dev-search-id-secret";

const TAG_LENGTH = 10;

/**
 * Tags already computed, for one secret (the process has one): a search page has 20 cards and an HMAC is a few
 * microseconds each, 7 % of a search's CPU (issue 17). Bounded: past MAX_KEPT_TAGS the oldest is dropped.
 */
export const MAX_KEPT_TAGS = 100_000;
let keptFor: string | null = null;
const kept = new Map<number, string>();

function tag(secret: string, userId: number): string {
  if (keptFor !== secret) {
    kept.clear();
    keptFor = secret;
  }
  const known = kept.get(userId);
  if (known !== undefined) return known;
  const computed = createHmac("sha256", secret)
    .update(`influencer-search:${userId}`)
    .digest("base64url")
    .slice(0, TAG_LENGTH);
  if (kept.size >= MAX_KEPT_TAGS) kept.delete(kept.keys().next().value as number);
  kept.set(userId, computed);
  return computed;
}

export function encodeSearchId(secret: string, userId: number): string {
  return `s${userId.toString(36)}.${tag(secret, userId)}`;
}

/** The user id behind a search id, or null when it is malformed or its tag does not match. */
export function decodeSearchId(secret: string, searchId: string): number | null {
  if (!SEARCH_ID_PATTERN.test(searchId)) return null;
  const [head, given] = searchId.slice(1).split(".") as [string, string];
  const userId = Number.parseInt(head, 36);
  if (!Number.isSafeInteger(userId) || userId <= 0 || userId > MAX_ROW_ID) return null;
  const expected = Buffer.from(tag(secret, userId));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? userId : null;
}

/**
 * Resolves a validated influencer reference (the output of contracts' influencerRef: a number, or a search id
 * string). Null when a search id does not verify.
 */
export function resolveInfluencerRef(
  secret: string,
  ref: number | string,
): { userId: number; viaSearch: boolean } | null {
  if (typeof ref === "number") return { userId: ref, viaSearch: false };
  const userId = decodeSearchId(secret, ref);
  return userId === null ? null : { userId, viaSearch: true };
}
