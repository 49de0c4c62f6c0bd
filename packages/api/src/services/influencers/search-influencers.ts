import {
  FOLLOWERS_FILTER,
  INFLUENCER_SEARCH_COUNT_CAP,
  INFLUENCER_SEARCH_PAGE_SIZE,
  type InfluencerCard,
  type InfluencerCardNetwork,
  type InfluencerSearchInput,
  type InfluencerSearchResult,
  type InfluencerSort,
} from "@market/contracts";
import {
  and,
  asc,
  type Db,
  desc,
  eq,
  gte,
  influencerProfiles,
  lte,
  networks,
  type Placeholders,
  preparedShapes,
  rawStatement,
  rowsOf,
  type SQL,
  sql,
  users,
} from "@market/db";
import { shareAnswer } from "../../shared-answer";
import { pictureUrl } from "../files/picture-url";
import type { SearchCache } from "../search-cache";
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
  quality_p: [desc(p.audienceQuality), desc(p.userId)],
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The filters a search sets: with its sort and whether it reads on from a cursor, its statements' shape. */
interface FilterShape {
  categories: boolean;
  countries: boolean;
  networks: boolean;
  engagements: boolean;
  gender: boolean;
  followers: boolean;
  /** The slider's top stop reads "5M+": no upper bound there. */
  followersMax: boolean;
  ages: boolean;
  query: boolean;
  quality: boolean;
}

/** The filters' values, as the statements' parameters (those of a filter the shape lacks are unused). */
type FilterValues = {
  categories: string[];
  countries: string[];
  networks: string[];
  engagements: string[];
  gender: string;
  followersMin: number;
  followersMax: number;
  ageMin: number;
  ageMax: number;
  pattern: string;
  minQuality: number;
};

function filterShape(input: InfluencerSearchInput): FilterShape {
  return {
    categories: Boolean(input.categories?.length),
    countries: Boolean(input.countries?.length),
    networks: Boolean(input.networks?.length),
    engagements: Boolean(input.engagements?.length),
    gender: Boolean(input.gender),
    followers: Boolean(input.followers),
    followersMax: Boolean(input.followers && input.followers[1] < FOLLOWERS_FILTER.max),
    ages: Boolean(input.ages),
    query: Boolean(input.query),
    // A minimum of 0 keeps everyone: no condition.
    quality: Boolean(input.minQuality),
  };
}

function filterValues(input: InfluencerSearchInput): FilterValues {
  return {
    categories: input.categories ?? [],
    countries: input.countries ?? [],
    networks: input.networks ?? [],
    engagements: input.engagements ?? [],
    gender: input.gender ?? "",
    followersMin: input.followers?.[0] ?? 0,
    followersMax: input.followers?.[1] ?? 0,
    ageMin: input.ages?.[0] ?? 0,
    ageMax: input.ages?.[1] ?? 0,
    pattern: input.query ? `%${escapeLike(input.query.toLowerCase())}%` : "",
    minQuality: input.minQuality ?? 0,
  };
}

const filterKey = (shape: FilterShape) =>
  Object.entries(shape)
    .filter(([, present]) => present)
    .map(([name]) => name)
    .join(",");

/** The filters as conditions; `whereOf` joins them. */
function conditions(shape: FilterShape, v: Placeholders<FilterValues>): SQL[] {
  const where: SQL[] = [];
  if (shape.categories) where.push(sql`${p.category} = any(${v.categories}::text[])`);
  if (shape.countries) where.push(sql`${p.country} = any(${v.countries}::text[])`);
  if (shape.networks) where.push(sql`${p.networkTypes} && ${v.networks}::text[]`);
  if (shape.engagements) where.push(sql`${p.engagementLevels} && ${v.engagements}::text[]`);
  if (shape.gender) where.push(eq(p.gender, v.gender));
  if (shape.followers) where.push(gte(p.totalReach, v.followersMin));
  if (shape.followersMax) where.push(lte(p.totalReach, v.followersMax));
  if (shape.ages) where.push(lte(p.audienceAgeMin, v.ageMax), gte(p.audienceAgeMax, v.ageMin));
  if (shape.query) where.push(sql`${p.searchText} like ${v.pattern}`);
  if (shape.quality) where.push(gte(p.audienceQuality, v.minQuality));
  return where;
}

const whereOf = (where: SQL[]) => and(...where) ?? sql`true`;

/** The bounded count of a filter shape: at most INFLUENCER_SEARCH_COUNT_CAP + 1 matches are read. */
const countStatement = preparedShapes(
  "influencer_search_count",
  filterKey,
  (db, shape: FilterShape, values: Placeholders<FilterValues>) =>
    rawStatement(
      db,
      sql`select count(*)::int as count from (select 1 from ${p} where ${whereOf(conditions(shape, values))}
        limit ${INFLUENCER_SEARCH_COUNT_CAP + 1}) matches`,
    ),
);

interface PageShape {
  filters: FilterShape;
  sort: InfluencerSort;
  /** Reads on from the previous page's last card (a keyset sort's cursor) rather than from an offset. */
  cursor: boolean;
}

type PageValues = FilterValues & { offset: number; afterKey: number; afterId: number };

/**
 * The statement of a page: its ids from the profiles alone (for the default sort an index-only scan of the
 * covering index), then, for those 20 only, the cards' fields and their networks (biggest first) as JSON.
 */
const pageStatement = preparedShapes(
  "influencer_search_page",
  (shape: PageShape) => `${filterKey(shape.filters)}:${shape.sort}:${shape.cursor ? "c" : ""}`,
  (db, shape: PageShape, values: Placeholders<PageValues>) => {
    const keyColumn = KEYSET_COLUMNS[shape.sort];
    const where = conditions(shape.filters, values);
    if (shape.cursor && keyColumn)
      where.push(sql`(${keyColumn}, ${p.userId}) < (${values.afterKey}, ${values.afterId})`);
    const page = sql`select ${p.userId} as id, ${keyColumn ?? sql`null`} as key from ${p}
      where ${whereOf(where)} order by ${sql.join(ORDER[shape.sort], sql`, `)}
      limit ${INFLUENCER_SEARCH_PAGE_SIZE} offset ${values.offset}`;
    return rawStatement(
      db,
      sql`with page as (${page})
        select page.id, page.key, ${users.username} as username, ${users.picture} as picture, ${p.city} as city,
          ${p.country} as country, ${p.category} as category, ${p.audienceMales} as males,
          ${p.audienceAgeMin} as age_min, ${p.audienceAgeMax} as age_max, ${p.averageFeeCents} as average_fee_cents,
          (select coalesce(json_agg(json_build_object('type', ${networks.type}, 'followers', ${networks.followers},
              'engagement', ${networks.engagement}, 'rating', ${networks.rating},
              'audienceQuality', ${networks.audienceQuality})
              order by ${networks.followers} desc, ${networks.id} asc), '[]')
            from ${networks} where ${networks.userId} = page.id) as networks
        from page join ${users} on ${users.id} = page.id join ${p} on ${p.userId} = page.id
        order by ${sql.join(ORDER[shape.sort], sql`, `)}`,
    );
  },
);

/**
 * The last page a search offers: the count stops at INFLUENCER_SEARCH_COUNT_CAP, so the pager never goes past the
 * page of that match. Reading no further bounds what a page by number walks (its OFFSET) to that many matches,
 * however many influencers there are.
 */
export const LAST_PAGE = Math.ceil(INFLUENCER_SEARCH_COUNT_CAP / INFLUENCER_SEARCH_PAGE_SIZE);

/** A row of pageStatement as the driver returns it (a bigint key as text from postgres.js; the JSON parsed). */
interface PageRow {
  id: number;
  key: number | string | null;
  username: string;
  picture: string | null;
  city: string | null;
  country: string | null;
  category: InfluencerCard["category"];
  males: number | null;
  age_min: number | null;
  age_max: number | null;
  average_fee_cents: number | null;
  networks: InfluencerCardNetwork[];
}

/**
 * What the bounded count depends on: every filter (not the sort or the page), each list in a fixed order, so equal
 * shapes share one key of the SearchCache.
 */
export function influencerCountKey(input: InfluencerSearchInput): string {
  const sorted = (values: readonly string[] | undefined) => (values?.length ? [...values].sort() : null);
  const { categories, countries, networks, engagements, gender, followers, ages, query, minQuality } = input;
  const lists = [categories, countries, networks, engagements].map(sorted);
  const rest = [gender ?? null, followers ?? null, ages ?? null, query ?? null, minQuality || null];
  return `influencers:${JSON.stringify([...lists, ...rest])}`;
}

/**
 * Influencer cards for the find screen. Visitors get the teaser: the first page in the default order,
 * whatever page or sort they ask for (spec: no sort and no pagination for visitors).
 *
 * Influencers without any linked network are listed too (their reach is 0, so any followers filter, whose
 * minimum is 2,000, drops them). The count is bounded: at most INFLUENCER_SEARCH_COUNT_CAP matches are
 * counted (countIsCapped says there are more), so a broad search never counts a million rows.
 * Card ids are opaque search ids (encodeSearchId). Two statements a page, whatever its size, each prepared once
 * per shape: the page with its cards, and the count.
 *
 * With the server's caches (tests have none): the count of a filter shape is read once per few seconds for every
 * brand (counting a common keyword reads up to 10,001 matching rows of the heap, its trigram index cannot answer
 * alone: several times the page's own cost), and so is each page, the landing's above all. Both are forgotten on
 * every instance when a profile, a network or a user's name or picture changes (search-changes.ts).
 */
export function searchInfluencers(
  deps: {
    db: Db;
    searchIdSecret: string;
    searchCounts?: SearchCache | undefined;
    searchPages?: SearchCache | undefined;
  },
  input: InfluencerSearchInput,
  viewer: { signedIn: boolean },
): Promise<InfluencerSearchResult> {
  const sort = viewer.signedIn ? (input.sort ?? "followers_p") : "followers_p";
  const page = viewer.signedIn ? (input.currentPage ?? 1) : 1;
  const read = () => readSearch(deps, input, { sort, page, signedIn: viewer.signedIn });
  if (!deps.searchPages) return read();
  // What a result depends on: who may read on (a visitor gets no cursor), the order, the page, the cursor sent,
  // and the filters (the count's key).
  const after = viewer.signedIn ? (input.after ?? "") : "";
  const key = `influencers-page:${JSON.stringify([viewer.signedIn, sort, page, after])}:${influencerCountKey(input)}`;
  return deps.searchPages.get(key, async () => shareAnswer(await read()));
}

async function readSearch(
  { db, searchIdSecret, searchCounts }: { db: Db; searchIdSecret: string; searchCounts?: SearchCache | undefined },
  input: InfluencerSearchInput,
  { sort, page, signedIn }: { sort: InfluencerSort; page: number; signedIn: boolean },
): Promise<InfluencerSearchResult> {
  const filters = filterShape(input);
  const values = filterValues(input);
  // A next page read on from the previous page's last card, when the client sent that page's cursor.
  const keyColumn = signedIn ? KEYSET_COLUMNS[sort] : undefined;
  const search = keyColumn ? searchFingerprint(influencerCountKey(input)) : "";
  const sent = input.after && signedIn ? decodeSearchCursor(input.after) : null;
  const cursor =
    keyColumn && sent && sent.search === search && sent.sort === sort && sent.page === page - 1 ? sent : null;

  // The page with its cards, and the bounded count, in parallel. A page past the last one the count offers
  // (only an edited address asks for one) is empty without being read.
  const countMatches = async () => rowsOf<{ count: number }>(await countStatement(db, filters, values))[0]?.count ?? 0;
  const readPage = async () =>
    rowsOf<PageRow>(
      await pageStatement(
        db,
        { filters, sort, cursor: cursor !== null },
        {
          ...values,
          offset: cursor ? 0 : (page - 1) * INFLUENCER_SEARCH_PAGE_SIZE,
          afterKey: cursor?.key ?? 0,
          afterId: cursor?.id ?? 0,
        },
      ),
    );
  const [rows, counted] = await Promise.all([
    page <= LAST_PAGE ? readPage() : [],
    searchCounts ? searchCounts.get(influencerCountKey(input), countMatches) : countMatches(),
  ]);

  const influencers: InfluencerCard[] = rows.map((row) => ({
    id: encodeSearchId(searchIdSecret, Number(row.id)),
    username: row.username,
    picture: pictureUrl(row.picture),
    city: row.city,
    country: row.country,
    category: row.category,
    audience:
      row.males !== null && row.age_min !== null && row.age_max !== null
        ? { males: row.males, ages: [row.age_min, row.age_max] }
        : null,
    averageFeeCents: row.average_fee_cents,
    networks: row.networks,
  }));
  const last = rows.at(-1);
  return {
    influencers,
    count: Math.min(counted, INFLUENCER_SEARCH_COUNT_CAP),
    countIsCapped: counted > INFLUENCER_SEARCH_COUNT_CAP,
    nextCursor:
      keyColumn && last && last.key !== null && rows.length === INFLUENCER_SEARCH_PAGE_SIZE && page < LAST_PAGE
        ? encodeSearchCursor({ search, sort, page, key: Number(last.key), id: Number(last.id) })
        : null,
  };
}
