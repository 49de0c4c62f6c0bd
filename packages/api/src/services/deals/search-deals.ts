import {
  brandBriefOf,
  DEAL_SEARCH_PAGE_SIZE,
  type DealSearchFilters,
  type DealSearchItem,
  type DealSearchResult,
  type DealSort,
  isNewDeal,
  remainingDuration,
} from "@market/contracts";
import { and, count, type Db, deals, inArray, type Placeholders, preparedShapes, sql } from "@market/db";
import type { Clock } from "../../clock";
import { fileUrl } from "../files/picture-url";
import type { SearchCache } from "../search-cache";
import {
  countsKey,
  type Found,
  filterConditions,
  type ListFilters,
  type ListFilterValues,
  listable,
  listFiltersOf,
  ORDER,
  pageKey,
  pageOfDeals,
  type Query,
  tally,
} from "./deal-search-parts";
import { searchKeyword } from "./keyword-search";

/** The shape of a page without a keyword: which filters it sets, and its order. */
interface PageShape {
  list: ListFilters;
  categories: boolean;
  sort: DealSort;
}

type PageValues = ListFilterValues & { now: Date; categories: string[]; offset: number };

const pageShapeKey = ({ list, categories, sort }: PageShape) =>
  `${Object.keys(list)
    .filter((name) => list[name as keyof ListFilters])
    .join(",")}:${categories ? "categories" : ""}:${sort}`;

/**
 * The page without a keyword, prepared per shape (building its select on every call cost more than running it):
 * it walks deals_search_created_idx or deals_search_deadline_idx in the page's order.
 */
const allPage = preparedShapes("deal_search_page", pageShapeKey, (db, shape: PageShape, v: Placeholders<PageValues>) =>
  pageOfDeals(db)
    .where(
      and(
        ...listable(v.now),
        ...filterConditions(shape.list, v, deals),
        ...(shape.categories ? [sql`${deals.category} = any(${v.categories}::text[])`] : []),
      ),
    )
    .orderBy(...ORDER[shape.sort])
    .limit(DEAL_SEARCH_PAGE_SIZE)
    .offset(v.offset),
);

/**
 * Without a keyword: the sidebar's counts per category (one grouped count, an index-only scan of the open range of
 * deals_search_deadline_idx or deals_search_counts_idx) and the page.
 */
async function searchAll(db: Db, { filters, list, now, offset, counted }: Query): Promise<Found> {
  const [grouped, rows] = await Promise.all([
    counted(() =>
      db
        .select({ category: deals.category, n: count() })
        .from(deals)
        .where(and(...listable(now), ...filterConditions(list.set, list.values, deals)))
        .groupBy(deals.category),
    ),
    allPage(
      db,
      { list: list.set, categories: Boolean(filters.categories), sort: filters.sort },
      { ...list.values, now, categories: filters.categories ?? [], offset },
    ),
  ]);
  return { ...tally(filters, grouped), rows };
}

/**
 * POST /api/deals/search. Without a keyword, two queries at once: the sidebar's counts per category (one grouped
 * count under every other filter; the total is their sum over the chosen categories) and the page of deals with
 * their brand's name and first image (PAGE_COLUMNS). With a keyword, three round trips: the
 * brands whose name matches it (alongside the docs table's estimated size), the counts, then the page with its
 * images, none when nothing matches.
 *
 * With the server's caches (tests and the bench's cold runs have none), the counts of a filter shape and each page
 * as the database gave it are read once per few seconds for every influencer: forgotten on every instance when a
 * deal, its images or its brand's name change (search-changes.ts), they lag only time (a deal past its deadline
 * stays listed until its entry's TTL ends). What time changes in a card (the remaining duration, "new") is worked
 * out at each search from the cached row.
 */
export async function searchDeals(
  deps: { db: Db; clock: Clock; searchCounts?: SearchCache | undefined; searchPages?: SearchCache | undefined },
  filters: DealSearchFilters,
): Promise<DealSearchResult> {
  const now = deps.clock.now();
  const query: Query = {
    filters,
    list: listFiltersOf(filters),
    now,
    inCategories: (category) => (filters.categories ? [inArray(category, filters.categories)] : []),
    offset: (filters.page - 1) * DEAL_SEARCH_PAGE_SIZE,
    counted: (load) => (deps.searchCounts ? deps.searchCounts.get(countsKey(filters), load) : load()),
  };
  const read = () => (filters.query ? searchKeyword(deps.db, filters.query, query) : searchAll(deps.db, query));
  const { categoryCounts, total, rows } = deps.searchPages
    ? await deps.searchPages.get(pageKey(filters), read)
    : await read();

  const dealsPage: DealSearchItem[] = rows.map((row) => {
    return {
      id: row.id,
      title: row.title,
      author: row.author ?? "",
      category: row.category,
      price: row.price,
      networks: row.networks,
      image: row.image ? fileUrl(row.image) : null,
      remainingDuration: remainingDuration(row.deadline, now),
      isNew: isNewDeal(row.createdAt, now),
      extras: row.extras,
      brand: brandBriefOf(row.brandId, row.brandCounts),
    };
  });
  return { deals: dealsPage, count: total, categoryCounts };
}
