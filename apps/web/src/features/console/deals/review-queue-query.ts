import { CATEGORIES, type Category, type ReviewQueueInput, type ReviewQueuePage } from "@market/contracts";

/** The queue's filters in the URL, each dropped when invalid (a hand-edited address never fails the screen). */
export interface ReviewQueueSearch {
  brand?: string;
  category?: Category;
}

export function reviewQueueSearchOf(raw: Record<string, unknown>): ReviewQueueSearch {
  const search: ReviewQueueSearch = {};
  const brand = typeof raw.brand === "string" ? raw.brand.trim().slice(0, 100) : "";
  if (brand) search.brand = brand;
  const category = CATEGORIES.find((known) => known === raw.category);
  if (category) search.category = category;
  return search;
}

/** The procedure's input of a state (the query key the screen and its loader share). */
export const reviewQueueInputOf = (search: ReviewQueueSearch): Omit<ReviewQueueInput, "cursor"> => ({
  brand: search.brand,
  category: search.category,
});

export const REVIEW_QUEUE_PAGES = { getNextPageParam: (page: ReviewQueuePage) => page.nextCursor } as const;
