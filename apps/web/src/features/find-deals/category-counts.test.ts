import { CATEGORIES, type Category } from "@market/contracts";
import { describe, expect, it } from "vitest";
import { categoryEntries } from "./category-counts";

const zero = Object.fromEntries(CATEGORIES.map((category) => [category, 0])) as Record<Category, number>;
const COUNTS: Record<Category, number> = { ...zero, beauty: 4, music: 2, toys: 1 };

describe("categoryEntries", () => {
  it("lists All with the total, then every category in order with its count", () => {
    const entries = categoryEntries(COUNTS, []);
    expect(entries).toHaveLength(CATEGORIES.length + 1);
    expect(entries[0]).toEqual({ category: null, count: 7, selected: true });
    expect(entries.slice(1).map((entry) => entry.category)).toEqual([...CATEGORIES]);
    expect(entries.find((entry) => entry.category === "beauty")?.count).toBe(4);
    expect(entries.find((entry) => entry.category === "apps")?.count).toBe(0);
  });

  it("selects the chosen category, not All", () => {
    const entries = categoryEntries(COUNTS, ["music"]);
    expect(entries.filter((entry) => entry.selected).map((entry) => entry.category)).toEqual(["music"]);
  });

  it("selects each category a URL names", () => {
    const entries = categoryEntries(COUNTS, ["toys", "beauty"]);
    expect(entries.filter((entry) => entry.selected).map((entry) => entry.category)).toEqual(["beauty", "toys"]);
  });

  it("has no counts before the first answer", () => {
    const entries = categoryEntries(null, []);
    expect(entries.every((entry) => entry.count === null)).toBe(true);
    expect(entries[0]?.selected).toBe(true);
  });
});
