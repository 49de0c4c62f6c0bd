import { describe, expect, it } from "vitest";
import { pageCursorKey, withPageCursor } from "./page-cursors";

describe("page cursors", () => {
  const search = { categories: ["beauty" as const], sort: "engagement_p" as const };

  it("adds the previous page's cursor of the same search, and nothing else", () => {
    const cursors = new Map([[pageCursorKey(search, 1), "c1"]]);
    expect(withPageCursor({ ...search, currentPage: 2 }, cursors)).toEqual({ ...search, currentPage: 2, after: "c1" });
    // Page 3 needs page 2's cursor; page 1 needs none; another search or sort has its own.
    expect(withPageCursor({ ...search, currentPage: 3 }, cursors)).toEqual({ ...search, currentPage: 3 });
    expect(withPageCursor(search, cursors)).toEqual(search);
    expect(withPageCursor({ ...search, sort: "followers_p", currentPage: 2 }, cursors)).not.toHaveProperty("after");
    expect(withPageCursor({ categories: ["clothing"], currentPage: 2 }, cursors)).not.toHaveProperty("after");
  });

  it("keys a page by its search without the page or the cursor", () => {
    expect(pageCursorKey({ ...search, currentPage: 4, after: "x" }, 4)).toBe(pageCursorKey(search, 4));
    expect(pageCursorKey(search, 4)).not.toBe(pageCursorKey(search, 5));
  });
});
