import { DEAL_SEARCH_PAGE_SIZE, type DealSort } from "@market/contracts";
import {
  and,
  asc,
  brandProfiles,
  brandReliability,
  count,
  type Db,
  DEAL_SEARCH_TEXT_SEPARATOR,
  dealSearchDocs,
  deals,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  or,
  rowsOf,
  type SQL,
  type SQLWrapper,
  sql,
} from "@market/db";
import {
  containsPattern,
  type Found,
  filterConditions,
  ORDER,
  PAGE_COLUMNS,
  type Query,
  tally,
} from "./deal-search-parts";

// The deal search with a keyword (POST /api/deals/search with `query`): counts and page on deal_search_docs.

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

/**
 * With a keyword: the counts, then the page's ids, on deal_search_docs, the narrow copy of the open deals
 * (counting a common keyword there reads a few thousand narrow pages rather than every matching row of the wide
 * deals heap, most of whose pages hold closed deals); deals and brand_profiles are joined only for the page's ten
 * rows. The page waits for the counts, which choose its plan (collectsMatches) or spare it (no match).
 */
export async function searchKeyword(
  db: Db,
  text: string,
  { filters, list, now, inCategories, offset, counted }: Query,
): Promise<Found> {
  const [keyword, size] = await Promise.all([
    keywordCondition(db, text),
    db.execute(sql`select reltuples::float8 as docs from pg_class where oid = 'deal_search_docs'::regclass`),
  ]);
  const common = [
    gt(dealSearchDocs.deadline, now),
    ...filterConditions(list.set, list.values, dealSearchDocs),
    keyword,
  ];
  const grouped = await counted(() =>
    db
      .select({ category: dealSearchDocs.category, n: count() })
      .from(dealSearchDocs)
      .where(and(...common))
      .groupBy(dealSearchDocs.category),
  );
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
    .select(PAGE_COLUMNS)
    .from(page)
    .innerJoin(deals, eq(deals.id, page.dealId))
    .leftJoin(brandProfiles, eq(brandProfiles.userId, deals.userId))
    .leftJoin(brandReliability, eq(brandReliability.brandId, deals.userId))
    .orderBy(...ORDER[filters.sort]);
  return { ...counts, rows };
}
