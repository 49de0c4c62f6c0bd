import { hash } from "node:crypto";
import { type InfluencerSort, MAX_ROW_ID, SEARCH_PAGE_MAX } from "@market/contracts";
import { influencerProfiles as p } from "@market/db";
import { fail } from "../../errors";
import { fromOpaqueJson, toOpaqueJson } from "../opaque-json";

/**
 * The sorts whose next page is read from a cursor: each orders by a column that is never null and whose values
 * a JSON number holds exactly (a bigint count, an integer, a double), then by id, both descending, over an index
 * of (column, user_id). The others (created, cost per follower or engagement: an instant with microseconds, or a
 * null that sorts last) are read by page number only.
 */
export const KEYSET_COLUMNS: Partial<
  Record<InfluencerSort, typeof p.totalReach | typeof p.maxEngagement | typeof p.hiredCount | typeof p.audienceQuality>
> = {
  followers_p: p.totalReach,
  engagement_p: p.maxEngagement,
  hired_p: p.hiredCount,
  quality_p: p.audienceQuality,
};

/** Where a page ended: the search it belongs to (its filters' key hashed, its sort), its number, the last card. */
export interface SearchCursor {
  search: string;
  sort: InfluencerSort;
  page: number;
  key: number;
  id: number;
}

/** A short fingerprint of the search's filters (influencerCountKey), so a cursor of another search is ignored. */
export const searchFingerprint = (filtersKey: string) => hash("sha256", filtersKey, "base64url").slice(0, 12);

export function encodeSearchCursor(cursor: SearchCursor): string {
  return toOpaqueJson([cursor.search, cursor.sort, cursor.page, cursor.key, cursor.id]);
}

const refuse = (): never =>
  fail("invalid", "This search's page cursor is not valid.", [{ path: ["after"], message: "Search again." }]);

/** The cursor a client sent back; anything that is not one of ours is `invalid` on `after`. */
export function decodeSearchCursor(text: string): SearchCursor {
  const parsed = fromOpaqueJson(text);
  if (!Array.isArray(parsed) || parsed.length !== 5) return refuse();
  const [search, sort, page, key, id] = parsed as unknown[];
  if (typeof search !== "string" || typeof sort !== "string" || !(sort in KEYSET_COLUMNS)) return refuse();
  if (typeof page !== "number" || !Number.isInteger(page) || page < 1 || page >= SEARCH_PAGE_MAX) return refuse();
  if (typeof key !== "number" || !Number.isFinite(key)) return refuse();
  if (typeof id !== "number" || !Number.isInteger(id) || id < 1 || id > MAX_ROW_ID) return refuse();
  return { search, sort: sort as InfluencerSort, page, key, id };
}
