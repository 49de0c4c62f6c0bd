import { CATEGORIES, type Category, type DealSearchFilters, type DealSort, OPTION_ALL } from "@market/contracts";
import {
  and,
  asc,
  bitMask,
  brandProfiles,
  brandReliability,
  type Db,
  DEAL_COUNTRY_BITS,
  DEAL_EXTRA_BITS,
  DEAL_NETWORK_BITS,
  type Deal,
  dealImages,
  deals,
  desc,
  eq,
  gt,
  isNull,
  ne,
  type Placeholder,
  type Placeholders,
  type SQL,
  type SQLWrapper,
  sql,
} from "@market/db";

// What both paths of the deal search (search-deals.ts, keyword-search.ts) share: the visibility rules, the list
// filters, the orders, the page's columns and the tally of the counts.

/** A LIKE pattern matching `text` anywhere, its wildcards and escape character taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, "\\$&")}%`;
}

/**
 * Deals an influencer may see at all: not deleted and not rejected by the review (NONE or OK). The search
 * lists only the open ones among them; the deal page also shows paused and closed ones.
 */
export const influencerVisibleDeal = (): SQL => and(isNull(deals.deletedAt), ne(deals.reviewStatus, "KO")) as SQL;

/** The same rule over a deal row read already (the application page's link to its deal). */
export const influencerMaySee = (deal: Pick<Deal, "deletedAt" | "reviewStatus">): boolean =>
  deal.deletedAt === null && deal.reviewStatus !== "KO";

/** SQL: the deal's first image (lowest position), or null, for a select over deals. */
export const firstDealImage = sql<string | null>`(select ${dealImages.fileId} from ${dealImages}
  where ${dealImages.dealId} = ${deals.id} order by ${dealImages.position} limit 1)`;

/** Open at `now` (spec section 4: deadline ahead and not paused), on top of being visible. */
export const listable = (now: Date | Placeholder<string, Date>): SQL[] => [
  isNull(deals.deletedAt),
  sql`not ${deals.paused}`,
  ne(deals.reviewStatus, "KO"),
  gt(deals.deadline, now),
];

/** The columns the list filters test, the same on deals and on deal_search_docs. */
export type FilterColumns = Record<"price" | "networksMask" | "extrasMask" | "countriesMask", SQLWrapper>;

/** Which list filters a search sets: with the sort, the shape of its page's statement. */
export interface ListFilters {
  networks: boolean;
  prices: boolean;
  extras: boolean;
  countries: boolean;
}

/** The list filters' values as parameters: bit masks (in the order of DEAL_*_BITS) and the chosen prices. */
export type ListFilterValues = { networksMask: number; prices: string[]; extrasMask: number; countriesMask: number };

export function listFiltersOf(filters: DealSearchFilters): { set: ListFilters; values: ListFilterValues } {
  return {
    set: {
      networks: Boolean(filters.networks),
      prices: Boolean(filters.prices),
      extras: Boolean(filters.extras),
      countries: Boolean(filters.countries),
    },
    values: {
      networksMask: bitMask(filters.networks ?? [], DEAL_NETWORK_BITS),
      prices: filters.prices ?? [],
      extrasMask: bitMask(filters.extras ?? [], DEAL_EXTRA_BITS),
      // A deal open to every country fits any country filter.
      countriesMask: bitMask([...(filters.countries ?? []), OPTION_ALL], DEAL_COUNTRY_BITS),
    },
  };
}

/**
 * Every filter of the search except the category one and the keyword (the sidebar counts over these), with their
 * values or a prepared statement's placeholders. The list filters test the generated bit masks of networks, extras
 * and audience countries, which the search indexes carry.
 */
export function filterConditions(
  set: ListFilters,
  v: ListFilterValues | Placeholders<ListFilterValues>,
  t: FilterColumns,
): SQL[] {
  const conditions: SQL[] = [];
  if (set.networks) conditions.push(sql`${t.networksMask} & ${v.networksMask} <> 0`);
  // sql.param: one array parameter (a bare array would be spelled out as a list).
  if (set.prices) conditions.push(sql`${t.price} = any(${sql.param(v.prices)}::text[])`);
  if (set.extras) conditions.push(sql`${t.extrasMask} & ${v.extrasMask} <> 0`);
  if (set.countries) conditions.push(sql`${t.countriesMask} & ${v.countriesMask} <> 0`);
  return conditions;
}

export const ORDER: Record<DealSort, SQL[]> = {
  time_p: [desc(deals.createdAt), desc(deals.id)],
  time_m: [asc(deals.createdAt), asc(deals.id)],
  remaining_p: [desc(deals.deadline), desc(deals.id)],
  remaining_m: [asc(deals.deadline), asc(deals.id)],
};

/**
 * What the page shows of each deal, with its brand's name (brand_profiles left-joined on deals.user_id) and its
 * first image (lowest position), read with the page's rows: one statement for the page.
 */
export const PAGE_COLUMNS = {
  id: deals.id,
  title: deals.title,
  author: brandProfiles.brandName,
  category: deals.category,
  price: deals.price,
  networks: deals.networks,
  extras: deals.extras,
  deadline: deals.deadline,
  createdAt: deals.createdAt,
  image: firstDealImage,
  // The short form of the brand's reliability: its brand_reliability row, by key (one per card, no count).
  brandId: deals.userId,
  // Null for a brand that never paid a hire (a left-joined object without a row).
  brandCounts: {
    hires: brandReliability.hires,
    timedReleases: brandReliability.timedReleases,
    medianReleaseHours: brandReliability.medianReleaseHours,
  },
};

/** The grouped counts of the matching open deals per category (categories without a match have no row). */
export type GroupedCounts = { category: Category; n: number }[];

export interface Query {
  filters: DealSearchFilters;
  /** The list filters of `filters` (listFiltersOf). */
  list: ReturnType<typeof listFiltersOf>;
  now: Date;
  inCategories: (category: SQLWrapper) => SQL[];
  offset: number;
  /** Runs the grouped count through the instance's SearchCache when it has one (see searchDeals). */
  counted: (load: () => Promise<GroupedCounts>) => Promise<GroupedCounts>;
}

/**
 * What the sidebar's counts depend on: the keyword and the list filters (not the categories, the sort or the page),
 * each list in a fixed order, so equal shapes share one key of the SearchCache.
 */
export function countsKey(filters: DealSearchFilters): string {
  const sorted = (values: readonly string[] | undefined) => (values ? [...values].sort() : null);
  const { query, networks, prices, extras, countries } = filters;
  return `deals:${JSON.stringify([query ?? null, sorted(networks), sorted(prices), sorted(extras), sorted(countries)])}`;
}

/** What a page of the search depends on: the counts' key, with the categories, the order and the page. */
export function pageKey(filters: DealSearchFilters): string {
  const { categories, sort, page } = filters;
  return `deals-page:${JSON.stringify([categories ? [...categories].sort() : null, sort, page])}:${countsKey(filters)}`;
}

export interface Found {
  categoryCounts: Record<Category, number>;
  total: number;
  rows: Awaited<ReturnType<typeof pageOfDeals>>;
}

/**
 * The page's deals with their brand's name and reliability; `from` joins deals (and brand_profiles and
 * brand_reliability, each by key) for the rows it selects.
 */
export const pageOfDeals = (db: Db) =>
  db
    .select(PAGE_COLUMNS)
    .from(deals)
    .leftJoin(brandProfiles, eq(brandProfiles.userId, deals.userId))
    .leftJoin(brandReliability, eq(brandReliability.brandId, deals.userId));

/** The sidebar's counts from the grouped ones (categories without a row: 0); the total over the chosen categories. */
export function tally(filters: DealSearchFilters, grouped: GroupedCounts) {
  const categoryCounts = Object.fromEntries(CATEGORIES.map((name) => [name, 0])) as Record<Category, number>;
  for (const row of grouped) categoryCounts[row.category] += row.n;
  const counted: readonly Category[] = filters.categories ?? CATEGORIES;
  const total = counted.reduce((sum, name) => sum + categoryCounts[name], 0);
  return { categoryCounts, total };
}
