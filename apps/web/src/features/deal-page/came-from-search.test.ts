import { describe, expect, it } from "vitest";
import { cameFromSearch } from "./came-from-search";

const origin = "https://market.test";

describe("cameFromSearch", () => {
  it("is true for the search, with or without its state in the query", () => {
    expect(cameFromSearch("https://market.test/search", origin)).toBe(true);
    expect(cameFromSearch("https://market.test/search?query=shoes&p=2", origin)).toBe(true);
  });
  it("is false for any other page, another site, or an unknown entry", () => {
    expect(cameFromSearch("https://market.test/account?p=networks", origin)).toBe(false);
    expect(cameFromSearch("https://market.test/search/other", origin)).toBe(false);
    expect(cameFromSearch("https://elsewhere.test/search", origin)).toBe(false);
    expect(cameFromSearch(null, origin)).toBe(false);
    expect(cameFromSearch("not a url", origin)).toBe(false);
  });
});
