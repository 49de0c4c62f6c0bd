import type { ApplicationListResult } from "@market/contracts";
import { keepPreviousData } from "@tanstack/react-query";

/**
 * What the list reads of TanStack Query's infinite query over one of the two list procedures: the pages loaded so
 * far (20 cards each, the next asked with the previous page's keyset cursor) and where the loading stands.
 */
export interface ApplicationListQuery {
  data: { pages: ApplicationListResult[] } | undefined;
  error: unknown;
  isError: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
  refetch: () => unknown;
}

/** The list's pages: each names the next by its cursor (null on the last); the route's loader reads the first. */
export const LIST_PAGES = {
  getNextPageParam: (page: ApplicationListResult) => page.nextCursor,
} as const;

/**
 * The infinite query's options: the pages above. The input (status, sort, query) is the query key, so a new
 * filter is a new list; meanwhile the previous one stays on screen, marked busy, rather than blanking.
 */
export const LIST_QUERY_OPTIONS = { ...LIST_PAGES, placeholderData: keepPreviousData } as const;
