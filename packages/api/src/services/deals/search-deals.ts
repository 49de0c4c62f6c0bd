import {
  CATEGORIES,
  type Category,
  DEAL_SEARCH_PAGE_SIZE,
  type DealSearchFilters,
  type DealSearchItem,
  type DealSearchResult,
  type DealSort,
  isNewDeal,
  OPTION_ALL,
  remainingDuration,
} from "@market/contracts";
import {
  and,
  asc,
  bitMask,
  brandProfiles,
  count,
  type Db,
  DEAL_COUNTRY_BITS,
  DEAL_EXTRA_BITS,
  DEAL_NETWORK_BITS,
  DEAL_SEARCH_TEXT_SEPARATOR,
  dealImages,
  dealSearchDocs,
  deals,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isNull,
  ne,
  or,
  rowsOf,
  type SQL,
  type SQLWrapper,
  sql,
} from "@market/db";
import type { Clock } from "../../clock";
import { fileUrl } from "../files/picture-url";

/** A LIKE pattern matching `text` anywhere, its wildcards and escape character taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, "\\$&")}%`;
}

/**
 * Deals an influencer may see at all: not deleted and not rejected by the review (NONE or OK). The search
 * lists only the open ones among them; the deal page also shows paused and closed ones.
 */
export const influencerVisibleDeal = (): SQL => and(isNull(deals.deletedAt), ne(deals.reviewStatus, "KO")) as SQL;

/** Open at `now` (spec section 4: deadline ahead and not paused), on top of being visible. */
const listable = (now: Date): SQL[] => [
  isNull(deals.deletedAt),
  sql`not ${deals.paused}`,
  ne(deals.reviewStatus, "KO"),
  gt(deals.deadline, now),
];

/** The deal has one of `selected` in the list whose bit mask is `mask` (bits in the order of `bits`). */
const hasAny = (mask: SQLWrapper, selected: readonly string[], bits: readonly string[]): SQL =>
  sql`${mask} & ${bitMask(selected, bits)} <> 0`;

/** The columns the list filters test, the same on deals and on deal_search_docs. */
type FilterColumns = Record<"price" | "networksMask" | "extrasMask" | "countriesMask", SQLWrapper>;

/**
 * Every filter of the search except the category one and the keyword (the sidebar counts over these). The list
 * filters test the generated bit masks of networks, extras and audience countries, which the search indexes carry.
 */
function filterConditions(filters: DealSearchFilters, t: FilterColumns): SQL[] {
  const conditions: SQL[] = [];
  if (filters.networks) conditions.push(hasAny(t.networksMask, filters.networks, DEAL_NETWORK_BITS));
  if (filters.prices) conditions.push(inArray(t.price, filters.prices));
  if (filters.extras) conditions.push(hasAny(t.extrasMask, filters.extras, DEAL_EXTRA_BITS));
  // A deal open to every country fits any country filter.
  if (filters.countries) {
    conditions.push(hasAny(t.countriesMask, [...filters.countries, OPTION_ALL], DEAL_COUNTRY_BITS));
  }
  return conditions;
}

/**
 * The keyword (spec: in title, description or the brand's name, case-insensitively) over deal_search_docs, which
 * holds only deals that are not deleted, paused or rejected (kept so by the trigger of drizzle/0010): either part
 * matches.
 * - In the deal's own text: one LIKE on the copied lowercased search_text (trigram-indexed on PostgreSQL) rather
 *   than an ILIKE per field: `like lower(p)` is what ILIKE does to each field (see deals.search_text). A keyword
 *   holding the separator of the two fields could match across them there, so it is matched field by field on
 *   deals instead (rare: a line break in a search box).
 * - In the brand's name: the brands whose name matches (a handful of profile rows), whose deals all match.
 */
async function keywordCondition(db: Db, query: string): Promise<SQL> {
  const pattern = containsPattern(query);
  const brands = await db
    .select({ id: brandProfiles.userId })
    .from(brandProfiles)
    .where(ilike(brandProfiles.brandName, pattern));
  const inDeal = query.includes(DEAL_SEARCH_TEXT_SEPARATOR)
    ? inArray(
        dealSearchDocs.dealId,
        db
          .select({ id: deals.id })
          .from(deals)
          .where(or(ilike(deals.title, pattern), ilike(deals.description, pattern))),
      )
    : sql`${dealSearchDocs.searchText} like lower(${pattern})`;
  // Fetched first rather than a subquery: the planner then sees the brands (one array parameter however many
  // match a short keyword) and none at all when none match; as an InitPlan array it assumed many docs matched
  // and scanned the whole table even for a rare keyword.
  if (brands.length === 0) return inDeal;
  const ids = brands.map((brand) => brand.id);
  return or(inDeal, sql`${dealSearchDocs.userId} = any(${sql.param(ids)}::int[])`) as SQL;
}

const ORDER: Record<DealSort, SQL[]> = {
  time_p: [desc(deals.createdAt), desc(deals.id)],
  time_m: [asc(deals.createdAt), asc(deals.id)],
  remaining_p: [desc(deals.deadline), desc(deals.id)],
  remaining_m: [asc(deals.deadline), asc(deals.id)],
};

/** ORDER on deal_search_docs (the same values: the trigger copies them), the order of its btree indexes. */
const DOCS_ORDER: Record<DealSort, SQL[]> = {
  time_p: [desc(dealSearchDocs.createdAt), desc(dealSearchDocs.dealId)],
  time_m: [asc(dealSearchDocs.createdAt), asc(dealSearchDocs.dealId)],
  remaining_p: [desc(dealSearchDocs.deadline), desc(dealSearchDocs.dealId)],
  remaining_m: [asc(dealSearchDocs.deadline), asc(dealSearchDocs.dealId)],
};

/**
 * DOCS_ORDER through an expression no index provides (adding a zero interval), so that PostgreSQL collects the
 * matching docs first (through the trigram and user_id indexes) and sorts them, instead of walking an order index
 * and testing every doc on the way: see collectsMatches.
 */
const unindexed = (at: SQLWrapper): SQL => sql`(${at} + interval '0 seconds')`;
const DOCS_SORTED_ORDER: Record<DealSort, SQL[]> = {
  time_p: [desc(unindexed(dealSearchDocs.createdAt)), desc(dealSearchDocs.dealId)],
  time_m: [asc(unindexed(dealSearchDocs.createdAt)), asc(dealSearchDocs.dealId)],
  remaining_p: [desc(unindexed(dealSearchDocs.deadline)), desc(dealSearchDocs.dealId)],
  remaining_m: [asc(unindexed(dealSearchDocs.deadline)), asc(dealSearchDocs.dealId)],
};

/**
 * Whether a keyword page should collect its matches and sort them rather than walk the order's index until it is
 * full. Walking tests about (offset + page size) * docs / matches docs (the matches spread over the order);
 * collecting reads at least every doc matching in any category (the category filter is tested on the rows the
 * keyword's indexes give). The planner cannot weigh this, as it estimates the bit-mask filters blindly (a keyword and
 * a network matching nothing walked all 61,000 open docs at 200,000 deals); the exact counts, known by then, can.
 * `docs` is the table's estimated row count, not positive when unknown (never analyzed: a small table), and then
 * collecting, bounded by the table's size, is chosen.
 */
export function collectsMatches(counts: { allMatches: number; total: number; offset: number; docs: number }): boolean {
  const { allMatches, total, offset, docs } = counts;
  if (!(docs > 0)) return true;
  return allMatches < ((offset + DEAL_SEARCH_PAGE_SIZE) * docs) / total;
}

/** What the page shows of each deal, with its brand's name (brand_profiles left-joined on deals.user_id). */
const PAGE_COLUMNS = {
  id: deals.id,
  title: deals.title,
  author: brandProfiles.brandName,
  category: deals.category,
  price: deals.price,
  networks: deals.networks,
  extras: deals.extras,
  deadline: deals.deadline,
  createdAt: deals.createdAt,
};

interface Query {
  filters: DealSearchFilters;
  now: Date;
  inCategories: (category: SQLWrapper) => SQL[];
  offset: number;
}

interface Found {
  categoryCounts: Record<Category, number>;
  total: number;
  rows: Awaited<ReturnType<typeof pageOfDeals>>;
  /** The first image of each deal of the page, when the page's query read them (else firstImageOf does). */
  images?: Map<number, string>;
}

/** The page's deals with their brand's name; `from` joins deals (and brand_profiles) for the rows it selects. */
const pageOfDeals = (db: Db) =>
  db.select(PAGE_COLUMNS).from(deals).leftJoin(brandProfiles, eq(brandProfiles.userId, deals.userId));

/**
 * Without a keyword: the sidebar's counts per category (one grouped count, an index-only scan of the open range of
 * deals_search_deadline_idx or deals_search_counts_idx) and the page, walking deals_search_created_idx or
 * deals_search_deadline_idx in the page's order, both on deals.
 */
async function searchAll(db: Db, { filters, now, inCategories, offset }: Query): Promise<Found> {
  const common = [...listable(now), ...filterConditions(filters, deals)];
  const [grouped, rows] = await Promise.all([
    db
      .select({ category: deals.category, n: count() })
      .from(deals)
      .where(and(...common))
      .groupBy(deals.category),
    pageOfDeals(db)
      .where(and(...common, ...inCategories(deals.category)))
      .orderBy(...ORDER[filters.sort])
      .limit(DEAL_SEARCH_PAGE_SIZE)
      .offset(offset),
  ]);
  return { ...tally(filters, grouped), rows };
}

/**
 * With a keyword: the counts, then the page's ids, on deal_search_docs, the narrow copy of the open deals
 * (counting a common keyword there reads a few thousand narrow pages rather than every matching row of the wide
 * deals heap, most of whose pages hold closed deals); deals and brand_profiles are joined only for the page's ten
 * rows. The page waits for the counts, which choose its plan (collectsMatches) or spare it (no match).
 */
async function searchKeyword(db: Db, text: string, { filters, now, inCategories, offset }: Query): Promise<Found> {
  const [keyword, size] = await Promise.all([
    keywordCondition(db, text),
    db.execute(sql`select reltuples::float8 as docs from pg_class where oid = 'deal_search_docs'::regclass`),
  ]);
  const common = [gt(dealSearchDocs.deadline, now), ...filterConditions(filters, dealSearchDocs), keyword];
  const grouped = await db
    .select({ category: dealSearchDocs.category, n: count() })
    .from(dealSearchDocs)
    .where(and(...common))
    .groupBy(dealSearchDocs.category);
  const counts = tally(filters, grouped);
  if (offset >= counts.total) return { ...counts, rows: [] };
  const allMatches = grouped.reduce((sum, row) => sum + row.n, 0);
  const docs = rowsOf<{ docs: number }>(size)[0]?.docs ?? -1;
  const order = collectsMatches({ allMatches, total: counts.total, offset, docs }) ? DOCS_SORTED_ORDER : DOCS_ORDER;
  const page = db
    .select({ dealId: dealSearchDocs.dealId })
    .from(dealSearchDocs)
    .where(and(...common, ...inCategories(dealSearchDocs.category)))
    .orderBy(...order[filters.sort])
    .limit(DEAL_SEARCH_PAGE_SIZE)
    .offset(offset)
    .as("page");
  const rows = await db
    .select({ ...PAGE_COLUMNS, image: firstImageColumn })
    .from(page)
    .innerJoin(deals, eq(deals.id, page.dealId))
    .leftJoin(brandProfiles, eq(brandProfiles.userId, deals.userId))
    .orderBy(...ORDER[filters.sort]);
  const images = new Map(rows.flatMap((row) => (row.image ? [[row.id, row.image] as const] : [])));
  return { ...counts, rows, images };
}

/** The deal's first image (lowest position), read with the keyword page's rows: one round trip fewer. */
const firstImageColumn = sql<string | null>`(select ${dealImages.fileId} from ${dealImages}
  where ${dealImages.dealId} = ${deals.id} order by ${dealImages.position} limit 1)`;

/** The sidebar's counts from the grouped ones (categories without a row: 0); the total over the chosen categories. */
function tally(filters: DealSearchFilters, grouped: { category: Category; n: number }[]) {
  const categoryCounts = Object.fromEntries(CATEGORIES.map((name) => [name, 0])) as Record<Category, number>;
  for (const row of grouped) categoryCounts[row.category] += row.n;
  const counted: readonly Category[] = filters.categories ?? CATEGORIES;
  const total = counted.reduce((sum, name) => sum + categoryCounts[name], 0);
  return { categoryCounts, total };
}

/**
 * POST /api/deals/search. Without a keyword, three queries: the sidebar's counts per category (one grouped count
 * under every other filter; the total is their sum over the chosen categories) alongside the page of deals with
 * their brand's name, then the first image of each deal on the page. With a keyword, three round trips too: the
 * brands whose name matches it (alongside the docs table's estimated size), the counts, then the page with its
 * images, none when nothing matches.
 */
export async function searchDeals(
  deps: { db: Db; clock: Clock },
  filters: DealSearchFilters,
): Promise<DealSearchResult> {
  const now = deps.clock.now();
  const query: Query = {
    filters,
    now,
    inCategories: (category) => (filters.categories ? [inArray(category, filters.categories)] : []),
    offset: (filters.page - 1) * DEAL_SEARCH_PAGE_SIZE,
  };
  const { categoryCounts, total, rows, images } = filters.query
    ? await searchKeyword(deps.db, filters.query, query)
    : await searchAll(deps.db, query);

  const firstImages =
    images ??
    (await firstImageOf(
      deps.db,
      rows.map((row) => row.id),
    ));
  const dealsPage: DealSearchItem[] = rows.map((row) => {
    const image = firstImages.get(row.id);
    return {
      id: row.id,
      title: row.title,
      author: row.author ?? "",
      category: row.category,
      price: row.price,
      networks: row.networks,
      image: image ? fileUrl(image) : null,
      remainingDuration: remainingDuration(row.deadline, now),
      isNew: isNewDeal(row.createdAt, now),
      extras: row.extras,
    };
  });
  return { deals: dealsPage, count: total, categoryCounts };
}

/** The first image (lowest position) of each deal, in one query. */
async function firstImageOf(db: Db, dealIds: number[]): Promise<Map<number, string>> {
  if (dealIds.length === 0) return new Map();
  const images = await db
    .selectDistinctOn([dealImages.dealId], { dealId: dealImages.dealId, fileId: dealImages.fileId })
    .from(dealImages)
    .where(inArray(dealImages.dealId, dealIds))
    .orderBy(asc(dealImages.dealId), asc(dealImages.position));
  return new Map(images.map((image) => [image.dealId, image.fileId]));
}
