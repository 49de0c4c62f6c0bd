import { influencerRef, MAX_ROW_ID, SEARCH_ID_PATTERN } from "@market/contracts";
import { describe, expect, it } from "vitest";
import { decodeSearchId, encodeSearchId, resolveInfluencerRef } from "./search-id";

describe("search ids", () => {
  it("are stable, longer than 10 characters, match the contract pattern and decode back", () => {
    for (const id of [1, 42, 999_999, MAX_ROW_ID]) {
      const searchId = encodeSearchId(id);
      expect(searchId).toBe(encodeSearchId(id));
      expect(searchId.length).toBeGreaterThan(10);
      expect(searchId).toMatch(SEARCH_ID_PATTERN);
      expect(decodeSearchId(searchId)).toBe(id);
      expect(resolveInfluencerRef(searchId)).toEqual({ userId: id, viaSearch: true });
    }
  });

  it("refuse a changed tag, a tag moved to another id, and malformed ids", () => {
    const searchId = encodeSearchId(42);
    const [, tag] = searchId.split(".");
    expect(decodeSearchId(`${searchId.slice(0, -1)}${searchId.endsWith("a") ? "b" : "a"}`)).toBeNull();
    expect(decodeSearchId(`s${(43).toString(36)}.${tag}`)).toBeNull();
    expect(decodeSearchId("s0.AAAAAAAAAA")).toBeNull();
    expect(decodeSearchId("42")).toBeNull();
    expect(resolveInfluencerRef("s16.AAAAAAAAAA")).toBeNull();
  });

  it("depend on SEARCH_ID_SECRET", () => {
    const before = encodeSearchId(42);
    // biome-ignore lint/style/noProcessEnv: issue 11 point 17 moves SEARCH_ID_SECRET into the server env module and the service deps
    process.env.SEARCH_ID_SECRET = "another-secret";
    try {
      expect(encodeSearchId(42)).not.toBe(before);
      expect(decodeSearchId(before)).toBeNull();
    } finally {
      // biome-ignore lint/style/noProcessEnv: issue 11 point 17 moves SEARCH_ID_SECRET into the server env module and the service deps
      delete process.env.SEARCH_ID_SECRET;
    }
    expect(decodeSearchId(before)).toBe(42);
  });

  it("parse in the contract as numbers, numeric strings or search ids", () => {
    expect(influencerRef.parse(7)).toBe(7);
    expect(influencerRef.parse("7")).toBe(7);
    expect(influencerRef.parse(encodeSearchId(7))).toBe(encodeSearchId(7));
    expect(influencerRef.safeParse("07").success).toBe(false);
    expect(influencerRef.safeParse("nope").success).toBe(false);
    expect(influencerRef.safeParse(0).success).toBe(false);
  });
});
