import { INFLUENCER_SEARCH_PAGE_SIZE, NUMBERED_PAGINATION_MAX_PAGES } from "@market/contracts";

/** How many pages of 15 a result count makes (at least one). */
export const totalPages = (count: number, pageSize: number = INFLUENCER_SEARCH_PAGE_SIZE): number =>
  Math.max(1, Math.ceil(count / pageSize));

/** Spec section 9: numbered pages when there are fewer than 10, otherwise previous/next with a page input. */
export const paginationKind = (pages: number): "numbered" | "stepper" =>
  pages < NUMBERED_PAGINATION_MAX_PAGES ? "numbered" : "stepper";

/** The page a typed text asks for, clamped to 1..last; null when the text is not a whole number. */
export function typedPage(text: string, last: number): number | null {
  const trimmed = text.trim();
  if (!/^-?\d+$/.test(trimmed)) return null;
  return Math.min(Math.max(1, Number(trimmed)), Math.max(1, last));
}

/** Where Previous goes: the page before, or the last page from one past it (an old link, an edited address). */
export const previousPage = (page: number, last: number): number => Math.max(1, Math.min(page - 1, last));
