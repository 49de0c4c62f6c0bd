import { createHmac } from "node:crypto";
import { influencerRef, MAX_ROW_ID, SEARCH_ID_PATTERN } from "@market/contracts";
import { describe, expect, it } from "vitest";
import { DEV_SEARCH_ID_SECRET, decodeSearchId, encodeSearchId, MAX_KEPT_TAGS, resolveInfluencerRef } from "./search-id";

const SECRET = DEV_SEARCH_ID_SECRET;

describe("search ids", () => {
  it("are stable, longer than 10 characters, match the contract pattern and decode back", () => {
    for (const id of [1, 42, 999_999, MAX_ROW_ID]) {
      const searchId = encodeSearchId(SECRET, id);
      expect(searchId).toBe(encodeSearchId(SECRET, id));
      expect(searchId.length).toBeGreaterThan(10);
      expect(searchId).toMatch(SEARCH_ID_PATTERN);
      expect(decodeSearchId(SECRET, searchId)).toBe(id);
      expect(resolveInfluencerRef(SECRET, searchId)).toEqual({ userId: id, viaSearch: true });
    }
  });

  it("refuse a changed tag, a tag moved to another id, and malformed ids", () => {
    const searchId = encodeSearchId(SECRET, 42);
    const [, tag] = searchId.split(".");
    expect(decodeSearchId(SECRET, `${searchId.slice(0, -1)}${searchId.endsWith("a") ? "b" : "a"}`)).toBeNull();
    expect(decodeSearchId(SECRET, `s${(43).toString(36)}.${tag}`)).toBeNull();
    expect(decodeSearchId(SECRET, "s0.AAAAAAAAAA")).toBeNull();
    expect(decodeSearchId(SECRET, "42")).toBeNull();
    expect(resolveInfluencerRef(SECRET, "s16.AAAAAAAAAA")).toBeNull();
  });

  it("depend on the secret", () => {
    const before = encodeSearchId(SECRET, 42);
    const other = "another-secret-of-at-least-32-characters";
    expect(encodeSearchId(other, 42)).not.toBe(before);
    expect(decodeSearchId(other, before)).toBeNull();
    expect(resolveInfluencerRef(other, before)).toBeNull();
    expect(decodeSearchId(SECRET, before)).toBe(42);
  });

  it("carry the HMAC's tag whether it was kept or computed, past the bound of kept tags and across secrets", () => {
    const expected = (secret: string, id: number) =>
      `s${id.toString(36)}.${createHmac("sha256", secret).update(`influencer-search:${id}`).digest("base64url").slice(0, 10)}`;
    const other = "another-secret-of-at-least-32-characters";
    for (const id of [5, 5, 6]) expect(encodeSearchId(SECRET, id)).toBe(expected(SECRET, id));
    expect(encodeSearchId(other, 5)).toBe(expected(other, 5));
    expect(encodeSearchId(SECRET, 5)).toBe(expected(SECRET, 5));
    for (let id = 1; id <= MAX_KEPT_TAGS + 2; id += 1) encodeSearchId(SECRET, id);
    for (const id of [1, 2, 3, MAX_KEPT_TAGS, MAX_KEPT_TAGS + 2]) {
      expect(encodeSearchId(SECRET, id)).toBe(expected(SECRET, id));
      expect(decodeSearchId(SECRET, expected(SECRET, id))).toBe(id);
    }
  });

  it("parse in the contract as numbers, numeric strings or search ids", () => {
    expect(influencerRef.parse(7)).toBe(7);
    expect(influencerRef.parse("7")).toBe(7);
    expect(influencerRef.parse(encodeSearchId(SECRET, 7))).toBe(encodeSearchId(SECRET, 7));
    expect(influencerRef.safeParse("07").success).toBe(false);
    expect(influencerRef.safeParse("nope").success).toBe(false);
    expect(influencerRef.safeParse(0).success).toBe(false);
  });
});
