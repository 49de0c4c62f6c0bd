import { SEARCH_PAGE_MAX } from "@market/contracts";
import { describe, expect, it } from "vitest";
import { isOneOf, parseList, parsePage, parseQuery, parseRange } from "./search-params";

const COLORS = ["red", "green", "blue"] as const;

describe("isOneOf", () => {
  it("accepts a known id only", () => {
    expect(isOneOf(COLORS, "red")).toBe(true);
    expect(isOneOf(COLORS, "pink")).toBe(false);
    expect(isOneOf(COLORS, ["red"])).toBe(false);
  });
});

describe("parseList", () => {
  it("keeps known ids in their order, trimmed, lowercased and once each", () => {
    expect(parseList(COLORS, "blue, RED,pink,blue")).toEqual(["blue", "red"]);
  });
  it("reads an array the router parsed, and nothing from other values", () => {
    expect(parseList(COLORS, ["green", 3, "red"])).toEqual(["green", "red"]);
    expect(parseList(COLORS, 42)).toEqual([]);
    expect(parseList(COLORS, undefined)).toEqual([]);
  });
});

describe("parseRange", () => {
  it("takes min,max within bounds and in order", () => {
    expect(parseRange("20,30", 13, 65)).toEqual([20, 30]);
  });
  it("falls back to the full range otherwise", () => {
    for (const raw of ["30,20", "10,30", "20,70", "20", "a,b", "20,30,40", 2030]) {
      expect(parseRange(raw, 13, 65)).toEqual([13, 65]);
    }
  });
});

describe("parsePage", () => {
  it("reads a whole number from 1 to SEARCH_PAGE_MAX, as text or number", () => {
    expect(parsePage("3")).toBe(3);
    expect(parsePage(7)).toBe(7);
    expect(parsePage(SEARCH_PAGE_MAX)).toBe(SEARCH_PAGE_MAX);
  });
  it("answers the first page for anything else", () => {
    for (const raw of [0, -2, 1.5, "x", "", SEARCH_PAGE_MAX + 1, null, ["2"]]) expect(parsePage(raw)).toBe(1);
  });
});

describe("parseQuery", () => {
  it("keeps the text as typed, cut to the length", () => {
    expect(parseQuery(" shoes ", 200)).toBe(" shoes ");
    expect(parseQuery("abcdef", 3)).toBe("abc");
  });
  it("reads a number or a boolean the router parsed as the text typed", () => {
    expect(parseQuery(123, 200)).toBe("123");
    expect(parseQuery(true, 200)).toBe("true");
  });
  it("answers empty for blanks and other values", () => {
    expect(parseQuery("   ", 200)).toBe("");
    expect(parseQuery({ q: 1 }, 200)).toBe("");
  });
});
