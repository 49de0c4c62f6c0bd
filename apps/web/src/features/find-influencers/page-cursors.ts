import type { InfluencerSearchInput } from "@market/contracts";
import { useCallback, useRef } from "react";

/** How many pages' cursors a find screen keeps: the pages a session pages through, not an unbounded history. */
const KEPT_CURSORS = 200;

/** The key of a search's page apart from the cursor: the search (filters and sort) and the page number. */
export function pageCursorKey(input: InfluencerSearchInput, page: number): string {
  const { currentPage: _page, after: _after, ...search } = input;
  return `${JSON.stringify(search)}#${page}`;
}

/**
 * The input with the previous page's cursor, when this screen has read that page of the same search: the server
 * then reads the page on from that page's last card, as fast as the first page, instead of skipping every page
 * before it (a page opened from a link or far off still goes by its number).
 */
export function withPageCursor(
  input: InfluencerSearchInput,
  cursors: ReadonlyMap<string, string>,
): InfluencerSearchInput {
  const page = input.currentPage ?? 1;
  const after = page > 1 ? cursors.get(pageCursorKey(input, page - 1)) : undefined;
  return after ? { ...input, after } : input;
}

/**
 * The cursors of the pages read on this screen: `input` is the search with the previous page's cursor when there
 * is one; `remember` keeps this page's nextCursor once its answer is in. A cursor only ever changes the input of
 * the page after its own, so remembering one never changes the query being shown.
 */
export function usePageCursors(search: InfluencerSearchInput) {
  const cursors = useRef(new Map<string, string>());
  const key = pageCursorKey(search, search.currentPage ?? 1);
  const remember = useCallback(
    (nextCursor: string) => {
      const kept = cursors.current;
      if (kept.size >= KEPT_CURSORS) kept.clear();
      kept.set(key, nextCursor);
    },
    [key],
  );
  return { input: withPageCursor(search, cursors.current), remember };
}
