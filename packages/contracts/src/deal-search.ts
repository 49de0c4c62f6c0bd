import { z } from "zod";
import type { BrandBrief } from "./brand-profile";
import { SEARCH_PAGE_MAX, SEARCH_QUERY_MAX_LENGTH } from "./constants";
import { category, dealSort, extra, networkType, priceRange } from "./enum-schemas";
import { type Category, DEAL_COUNTRIES, type Extra, type NetworkType, OPTION_ALL, type PriceRange } from "./enums";

/** A filter list: duplicates removed; a list holding "all" (or an empty list) means no filter at all. */
const filterList = <T extends string>(item: z.ZodType<T>) =>
  z
    .array(z.union([item, z.literal(OPTION_ALL)]))
    .max(50)
    .optional()
    .transform((values): T[] | undefined => {
      if (!values || values.length === 0 || values.includes(OPTION_ALL)) return undefined;
      return [...new Set(values as T[])];
    });

/**
 * Body of POST /api/deals/search (spec sections 2 and 7). Every filter is optional.
 * - categories, networks, prices, extras, countries: a deal matches a list when it has ANY listed value
 *   (networks, extras and countries are lists on the deal: they must share one value with the filter; a deal
 *   whose audience countries are "all" matches every country filter).
 * - query: trimmed; matches title, description and the brand's name, case-insensitively.
 * - sort (default time_p): time_p newest first, time_m oldest first, remaining_p most time left first,
 *   remaining_m least time left first (the _p/_m suffix is "plus/minus" of the sorted quantity, as in the
 *   campaign list's time_p = newest).
 * - page: 1-based, DEAL_SEARCH_PAGE_SIZE deals per page.
 */
/** A search box's keyword: trimmed, bounded, and absent when blank. */
export const searchQuery = z
  .string()
  .trim()
  .max(SEARCH_QUERY_MAX_LENGTH)
  .optional()
  .transform((value) => (value ? value : undefined));

export const dealSearchInput = z.object({
  categories: filterList(category),
  networks: filterList(networkType),
  prices: filterList(priceRange),
  extras: filterList(extra),
  countries: filterList(z.enum(DEAL_COUNTRIES)),
  query: searchQuery,
  sort: dealSort.default("time_p"),
  page: z.coerce.number().int().min(1).max(SEARCH_PAGE_MAX).default(1),
});
export type DealSearchInput = z.input<typeof dealSearchInput>;
export type DealSearchFilters = z.output<typeof dealSearchInput>;

/** One result card of the deal search. */
export interface DealSearchItem {
  id: number;
  title: string;
  /** The brand's name. */
  author: string;
  category: Category;
  price: PriceRange;
  networks: NetworkType[];
  /** URL of the first image, or null without images. */
  image: string | null;
  remainingDuration: number;
  isNew: boolean;
  extras: Extra[];
  /** The short form of the brand's reliability (issue 40, point 2), as it was within the search cache's few seconds. */
  brand: BrandBrief;
}

export interface DealSearchResult {
  deals: DealSearchItem[];
  /** Deals matching every filter (all pages). */
  count: number;
  /** The category sidebar: matches per category under every filter except the category one. */
  categoryCounts: Record<Category, number>;
}
