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
  deals,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isNull,
  ne,
  or,
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

/**
 * The keyword (spec: in title, description or the brand's name, case-insensitively), in two parts:
 * - `inDeal`: in the deal's own text. One LIKE on the generated lowercased search_text (trigram-indexed on
 *   PostgreSQL) rather than an ILIKE per field: `like lower(p)` is what ILIKE does to each field (see the column's
 *   comment). A keyword holding the separator of the two fields could match across them there, so it is matched
 *   field by field instead.
 * - `brandIds`: the brands whose name matches (a handful of profile rows), whose deals all match. Kept apart from
 *   the text so that their deals are counted through deals_search_brand_idx rather than read one by one from the
 *   table through the trigram index (a brand's every deal: 4 to 5 times slower at 200,000 deals).
 */
interface Keyword {
  inDeal: SQL;
  brandIds: number[];
}

async function keywordOf(db: Db, query: string): Promise<Keyword> {
  const pattern = containsPattern(query);
  const brands = await db
    .select({ id: brandProfiles.userId })
    .from(brandProfiles)
    .where(ilike(brandProfiles.brandName, pattern));
  const inDeal = query.includes(DEAL_SEARCH_TEXT_SEPARATOR)
    ? (or(ilike(deals.title, pattern), ilike(deals.description, pattern)) as SQL)
    : sql`${deals.searchText} like lower(${pattern})`;
  return { inDeal, brandIds: brands.map((brand) => brand.id) };
}

/** The deal is one of these brands'. One array parameter however many brands match a short keyword. */
const ofBrands = (ids: number[]): SQL => sql`${deals.userId} = any(${sql.param(ids)}::int[])`;

/** The whole keyword condition (the page's). */
const keywordCondition = ({ inDeal, brandIds }: Keyword): SQL =>
  brandIds.length === 0 ? inDeal : (or(inDeal, ofBrands(brandIds)) as SQL);

/**
 * Every filter of the search except the category one and the keyword (the sidebar counts over these). The list
 * filters test the generated bit masks of networks, extras and audience countries, which the search indexes carry.
 */
function filterConditions(filters: DealSearchFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.networks) conditions.push(hasAny(deals.networksMask, filters.networks, DEAL_NETWORK_BITS));
  if (filters.prices) conditions.push(inArray(deals.price, filters.prices));
  if (filters.extras) conditions.push(hasAny(deals.extrasMask, filters.extras, DEAL_EXTRA_BITS));
  // A deal open to every country fits any country filter.
  if (filters.countries) {
    conditions.push(hasAny(deals.countriesMask, [...filters.countries, OPTION_ALL], DEAL_COUNTRY_BITS));
  }
  return conditions;
}

/** Matching deals per category (the sidebar). */
const countByCategory = (db: Db, where: SQL[]) =>
  db
    .select({ category: deals.category, n: count() })
    .from(deals)
    .where(and(...where))
    .groupBy(deals.category);

/**
 * The sidebar's counts under `common` and the keyword. A keyword matching brands counts two disjoint parts in one
 * statement, added up by the caller: the brands' deals (an index-only scan of deals_search_brand_idx) and the other
 * deals whose text matches (through the trigram index, reading only those).
 */
function groupedCounts(db: Db, common: SQL[], keyword: Keyword | undefined) {
  if (!keyword) return countByCategory(db, common);
  const { inDeal, brandIds } = keyword;
  if (brandIds.length === 0) return countByCategory(db, [...common, inDeal]);
  return countByCategory(db, [...common, ofBrands(brandIds)]).unionAll(
    countByCategory(db, [...common, inDeal, sql`not (${ofBrands(brandIds)})`]),
  );
}

const ORDER: Record<DealSort, SQL[]> = {
  time_p: [desc(deals.createdAt), desc(deals.id)],
  time_m: [asc(deals.createdAt), asc(deals.id)],
  remaining_p: [desc(deals.deadline), desc(deals.id)],
  remaining_m: [asc(deals.deadline), asc(deals.id)],
};

/**
 * POST /api/deals/search. Three queries whatever the page: the sidebar's counts per category (one grouped
 * count under every other filter; the total is their sum over the chosen categories), the page of deals with
 * their brand's name, and the first image of each deal on the page; with a keyword, first the brands whose name
 * matches it.
 */
export async function searchDeals(
  deps: { db: Db; clock: Clock },
  filters: DealSearchFilters,
): Promise<DealSearchResult> {
  const now = deps.clock.now();
  const keyword = filters.query ? await keywordOf(deps.db, filters.query) : undefined;
  const common = [...listable(now), ...filterConditions(filters)];
  const inCategories = filters.categories ? [inArray(deals.category, filters.categories)] : [];
  const matching = keyword ? [keywordCondition(keyword)] : [];

  const [grouped, rows] = await Promise.all([
    groupedCounts(deps.db, common, keyword),
    deps.db
      .select({
        id: deals.id,
        title: deals.title,
        author: brandProfiles.brandName,
        category: deals.category,
        price: deals.price,
        networks: deals.networks,
        extras: deals.extras,
        deadline: deals.deadline,
        createdAt: deals.createdAt,
      })
      .from(deals)
      .leftJoin(brandProfiles, eq(brandProfiles.userId, deals.userId))
      .where(and(...common, ...matching, ...inCategories))
      .orderBy(...ORDER[filters.sort])
      .limit(DEAL_SEARCH_PAGE_SIZE)
      .offset((filters.page - 1) * DEAL_SEARCH_PAGE_SIZE),
  ]);

  const categoryCounts = Object.fromEntries(CATEGORIES.map((name) => [name, 0])) as Record<Category, number>;
  for (const row of grouped) categoryCounts[row.category] += row.n;
  const counted: readonly Category[] = filters.categories ?? CATEGORIES;
  const total = counted.reduce((sum, name) => sum + categoryCounts[name], 0);

  const firstImages = await firstImageOf(
    deps.db,
    rows.map((row) => row.id),
  );
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
