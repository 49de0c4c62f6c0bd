import {
  FOLLOWERS_FILTER,
  INFLUENCER_SEARCH_COUNT_CAP,
  INFLUENCER_SEARCH_PAGE_SIZE,
  type InfluencerCard,
  type InfluencerSearchInput,
  type InfluencerSearchResult,
  type InfluencerSort,
  SEARCH_PAGE_MAX,
} from "@market/contracts";
import {
  and,
  asc,
  type Db,
  desc,
  eq,
  gte,
  inArray,
  influencerProfiles,
  lte,
  type Placeholders,
  preparedQuery,
  type SQL,
  sql,
  users,
} from "@market/db";
import { pictureUrl } from "../files/picture-url";
import type { SearchCountsCache } from "../search-counts-cache";
import { loadCardNetworks } from "./card-networks";
import { decodeSearchCursor, encodeSearchCursor, KEYSET_COLUMNS, searchFingerprint } from "./search-cursor";
import { encodeSearchId } from "./search-id";

const p = influencerProfiles;

const ORDER: Record<InfluencerSort, SQL[]> = {
  followers_p: [desc(p.totalReach), desc(p.userId)],
  created_p: [desc(p.createdAt), desc(p.userId)],
  engagement_p: [desc(p.maxEngagement), desc(p.userId)],
  cpf_p: [sql`${p.costPerFollower} asc nulls last`, asc(p.userId)],
  cpe_p: [sql`${p.costPerEngagement} asc nulls last`, asc(p.userId)],
  hired_p: [desc(p.hiredCount), desc(p.userId)],
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

function conditions(input: InfluencerSearchInput): SQL[] {
  const where: SQL[] = [];
  if (input.categories?.length) where.push(inArray(p.category, input.categories));
  if (input.countries?.length) where.push(inArray(p.country, input.countries));
  if (input.networks?.length) where.push(sql`${p.networkTypes} && ${sql.param(input.networks)}::text[]`);
  if (input.engagements?.length) where.push(sql`${p.engagementLevels} && ${sql.param(input.engagements)}::text[]`);
  if (input.gender) where.push(eq(p.gender, input.gender));
  if (input.followers) {
    const [min, max] = input.followers;
    where.push(gte(p.totalReach, min));
    // The slider's top stop reads "5M+": no upper bound there.
    if (max < FOLLOWERS_FILTER.max) where.push(lte(p.totalReach, max));
  }
  if (input.ages) {
    const [min, max] = input.ages;
    where.push(lte(p.audienceAgeMin, max), gte(p.audienceAgeMax, min));
  }
  if (input.query) where.push(sql`${p.searchText} like ${`%${escapeLike(input.query.toLowerCase())}%`}`);
  return where;
}

/**
 * What the bounded count depends on: every filter (not the sort or the page), each list in a fixed order, so equal
 * shapes share one key of the SearchCountsCache.
 */
export function influencerCountKey(input: InfluencerSearchInput): string {
  const sorted = (values: readonly string[] | undefined) => (values?.length ? [...values].sort() : null);
  const { categories, countries, networks, engagements, gender, followers, ages, query } = input;
  const lists = [categories, countries, networks, engagements].map(sorted);
  return `influencers:${JSON.stringify([...lists, gender ?? null, followers ?? null, ages ?? null, query ?? null])}`;
}

/** The cards' own fields for a page of ids (one array parameter, whatever the page's size). */
const cardDetails = preparedQuery("influencer_card_details", (db, values: Placeholders<{ ids: number[] }>) =>
  db
    .select({
      id: p.userId,
      username: users.username,
      picture: users.picture,
      city: p.city,
      country: p.country,
      category: p.category,
      males: p.audienceMales,
      ageMin: p.audienceAgeMin,
      ageMax: p.audienceAgeMax,
      averageFeeCents: p.averageFeeCents,
    })
    .from(p)
    .innerJoin(users, eq(users.id, p.userId))
    .where(sql`${p.userId} = any(${values.ids}::int[])`),
);

/**
 * Influencer cards for the find screen. Visitors get the teaser: the first page in the default order,
 * whatever page or sort they ask for (spec: no sort and no pagination for visitors).
 *
 * Influencers without any linked network are listed too (their reach is 0, so any followers filter, whose
 * minimum is 2,000, drops them). The count is bounded: at most INFLUENCER_SEARCH_COUNT_CAP matches are
 * counted (countIsCapped says there are more), so a broad search never counts a million rows.
 * Card ids are opaque search ids (encodeSearchId). Four queries per page, whatever its size.
 *
 * With a SearchCountsCache (the server's instances have one; tests have none) the count of a filter shape is read
 * once per few seconds for every brand, and may lag a change by that long: counting a common keyword reads up to
 * 10,001 matching rows of the heap (its trigram index cannot answer alone), several times the page's own cost.
 */
export async function searchInfluencers(
  {
    db,
    searchIdSecret,
    searchCounts,
  }: { db: Db; searchIdSecret: string; searchCounts?: SearchCountsCache | undefined },
  input: InfluencerSearchInput,
  viewer: { signedIn: boolean },
): Promise<InfluencerSearchResult> {
  const sort = viewer.signedIn ? (input.sort ?? "followers_p") : "followers_p";
  const page = viewer.signedIn ? (input.currentPage ?? 1) : 1;
  const filters = conditions(input);
  const where = and(...filters);
  // A next page read on from the previous page's last card, when the client sent that page's cursor.
  const keyColumn = viewer.signedIn ? KEYSET_COLUMNS[sort] : undefined;
  const search = keyColumn ? searchFingerprint(influencerCountKey(input)) : "";
  const cursor = input.after && viewer.signedIn ? decodeSearchCursor(input.after) : null;
  const from =
    keyColumn && cursor && cursor.search === search && cursor.sort === sort && cursor.page === page - 1
      ? sql`(${keyColumn}, ${p.userId}) < (${cursor.key}, ${cursor.id})`
      : undefined;

  // 1. The page's ids from the profiles alone (for the default sort an index-only scan of the covering
  //    index), and the bounded count, in parallel.
  const countMatches = async () => {
    const [total] = await db.select({ count: sql<number>`count(*)::int` }).from(
      db
        .select({ one: sql`1`.as("one") })
        .from(p)
        .where(where)
        .limit(INFLUENCER_SEARCH_COUNT_CAP + 1)
        .as("matches"),
    );
    return total?.count ?? 0;
  };
  const [pageIds, counted] = await Promise.all([
    db
      .select({ id: p.userId, key: keyColumn ?? sql<null>`null` })
      .from(p)
      .where(from ? and(...filters, from) : where)
      .orderBy(...ORDER[sort])
      .limit(INFLUENCER_SEARCH_PAGE_SIZE)
      .offset(from ? 0 : (page - 1) * INFLUENCER_SEARCH_PAGE_SIZE),
    searchCounts ? searchCounts.get(influencerCountKey(input), countMatches) : countMatches(),
  ]);
  const ids = pageIds.map((row) => row.id);

  // 2. The cards' fields and networks for those ids only: one query each, whatever the page size.
  const [details, networksByUser] = await Promise.all([
    ids.length === 0 ? Promise.resolve([]) : cardDetails(db, { ids }),
    loadCardNetworks(db, ids),
  ]);
  const byId = new Map(details.map((row) => [row.id, row]));
  const rows = ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });

  const influencers: InfluencerCard[] = rows.map((row) => ({
    id: encodeSearchId(searchIdSecret, row.id),
    username: row.username,
    picture: pictureUrl(row.picture),
    city: row.city,
    country: row.country,
    category: row.category,
    audience:
      row.males !== null && row.ageMin !== null && row.ageMax !== null
        ? { males: row.males, ages: [row.ageMin, row.ageMax] }
        : null,
    averageFeeCents: row.averageFeeCents,
    networks: networksByUser.get(row.id) ?? [],
  }));
  const last = pageIds.at(-1);
  return {
    influencers,
    count: Math.min(counted, INFLUENCER_SEARCH_COUNT_CAP),
    countIsCapped: counted > INFLUENCER_SEARCH_COUNT_CAP,
    nextCursor:
      keyColumn && last && last.key !== null && pageIds.length === INFLUENCER_SEARCH_PAGE_SIZE && page < SEARCH_PAGE_MAX
        ? encodeSearchCursor({ search, sort, page, key: Number(last.key), id: last.id })
        : null,
  };
}
