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
  arrayOverlaps,
  asc,
  brandProfiles,
  count,
  type Db,
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

/** Every filter of the search except the category one (the sidebar counts over these). */
function filterConditions(filters: DealSearchFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.networks) conditions.push(arrayOverlaps(deals.networks, filters.networks));
  if (filters.prices) conditions.push(inArray(deals.price, filters.prices));
  if (filters.extras) conditions.push(arrayOverlaps(deals.extras, filters.extras));
  // A deal open to every country fits any country filter.
  if (filters.countries) conditions.push(arrayOverlaps(deals.aCountries, [...filters.countries, OPTION_ALL]));
  if (filters.query) {
    const pattern = containsPattern(filters.query);
    conditions.push(
      or(
        ilike(deals.title, pattern),
        ilike(deals.description, pattern),
        // Uncorrelated, so it runs once (a hashed subplan), not once per deal.
        sql`${deals.userId} in (select ${brandProfiles.userId} from ${brandProfiles} where ${ilike(brandProfiles.brandName, pattern)})`,
      ) as SQL,
    );
  }
  return conditions;
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
 * their brand's name, and the first image of each deal on the page.
 */
export async function searchDeals(
  deps: { db: Db; clock: Clock },
  filters: DealSearchFilters,
): Promise<DealSearchResult> {
  const now = deps.clock.now();
  const common = [...listable(now), ...filterConditions(filters)];
  const inCategories = filters.categories ? [inArray(deals.category, filters.categories)] : [];

  const [grouped, rows] = await Promise.all([
    deps.db
      .select({ category: deals.category, n: count() })
      .from(deals)
      .where(and(...common))
      .groupBy(deals.category),
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
      .where(and(...common, ...inCategories))
      .orderBy(...ORDER[filters.sort])
      .limit(DEAL_SEARCH_PAGE_SIZE)
      .offset((filters.page - 1) * DEAL_SEARCH_PAGE_SIZE),
  ]);

  const categoryCounts = Object.fromEntries(CATEGORIES.map((name) => [name, 0])) as Record<Category, number>;
  for (const row of grouped) categoryCounts[row.category] = row.n;
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
