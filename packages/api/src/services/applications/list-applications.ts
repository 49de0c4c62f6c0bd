import {
  APPLICATION_FILTER_STATUSES,
  APPLICATION_SORTS_BY_KIND,
  APPLICATION_STATUSES,
  APPLICATIONS_PAGE_SIZE,
  type ApplicationFilter,
  type ApplicationListFilters,
  type ApplicationListResult,
  type ApplicationSort,
  type ApplicationStatus,
  type DealView,
} from "@market/contracts";
import {
  and,
  applications,
  brandProfiles,
  type Db,
  deals,
  eq,
  influencerProfiles,
  type Placeholders,
  preparedShapes,
  rawStatement,
  rowsOf,
  type SQL,
  type SQLWrapper,
  sql,
} from "@market/db";
import type { Clock } from "../../clock";
import { fail } from "../../errors";
import { shareAnswer } from "../../shared-answer";
import type { Viewer } from "../../viewer";
import { containsPattern } from "../deals/deal-search-parts";
import { dealViewsOf, liveCampaign } from "../deals/deal-view";
import { readThrough, type Timed, type UserReadsCache } from "../user-reads-cache";
import { type CardRow, toApplicationCard, withCards } from "./application-cards";
import { countriesNamed } from "./country-names";
import { effectiveStatusIn } from "./effective-status";
import { decodeCursor, encodeCursor, type KeyKind } from "./list-cursor";

// GET /api/applications and GET /api/campaigns/{id}/applications: one statement a page, its ids by keyset with
// their cards; a page read again while nothing it shows has changed comes from the user reads cache.

type Deps = { db: Db; clock: Clock; userReads?: UserReadsCache | undefined };

type KeyColumn =
  | typeof applications.updatedAt
  | typeof applications.totalReach
  | typeof applications.totalPriceCents
  | typeof applications.influencerUnseenAt;

/** A sort key: a column of the sort's index and how the cursor carries it. */
interface SortKey {
  column: KeyColumn;
  kind: KeyKind;
}

/**
 * A sort served by an index: (scope, status, ...key columns, id), walked forwards or backwards. Every sort is one:
 * notif ("new notifications first", the influencer's) walks (influencer, status, influencer_unseen_at, updated_at,
 * id), the key the notifications' triggers keep (migration 0032), so a page reads a page of the index whatever
 * plan PostgreSQL keeps for the prepared statement; an application without unseen notifications has -infinity
 * there, after every instant, and the cursor carries it as none.
 */
interface IndexedSort {
  keys: readonly SortKey[];
  descending: boolean;
}

const updated: SortKey = { column: applications.updatedAt, kind: "time" };
const reach: SortKey = { column: applications.totalReach, kind: "count" };
const price: SortKey = { column: applications.totalPriceCents, kind: "count" };
const unseen: SortKey = { column: applications.influencerUnseenAt, kind: "time_or_none" };

const INDEXED_SORTS: Record<ApplicationSort, IndexedSort> = {
  notif: { keys: [unseen, updated], descending: true },
  time_p: { keys: [updated], descending: true },
  time_m: { keys: [updated], descending: false },
  reach_p: { keys: [reach], descending: true },
  reach_m: { keys: [reach], descending: false },
  price_p: { keys: [price], descending: true },
  price_m: { keys: [price], descending: false },
};

/**
 * A key as the cursor carries it: instants in UTC with their microseconds, numbers as digits, -infinity (no
 * instant) as null.
 */
function keyText(kind: KeyKind, value: KeyColumn): SQL {
  if (kind === "count") return sql`${value}::text`;
  const text = sql`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
  if (kind === "time") return text;
  return sql`case when ${value} = '-infinity'::timestamptz then null else ${text} end`;
}

/** A cursor's key back as a value to compare with; no instant (null, time_or_none only) is minus infinity. */
function keyValue(kind: KeyKind, key: SQLWrapper): SQL {
  if (kind === "count") return sql`${key}::bigint`;
  if (kind === "time") return sql`${key}::timestamptz`;
  return sql`coalesce(${key}::timestamptz, '-infinity'::timestamptz)`;
}

/**
 * Whose applications a list holds: a brand's, a campaign's (of the brand: its id is scoped by both) or an
 * influencer's. Each is the leading column of its indexes (schema/applications.ts).
 */
type ScopeKind = "brand" | "campaign" | "influencer";

/** What the statement of a page depends on beyond its values: each shape is one statement, built once. */
interface PageShape {
  scope: ScopeKind;
  sort: ApplicationSort;
  filter: ApplicationFilter;
  search: boolean;
  cursor: boolean;
  /** Whether the statement also says when time alone next changes the page's rows (nextExpiry). */
  timed: boolean;
}

const shapeKey = (shape: PageShape) =>
  `${shape.scope}:${shape.sort}:${shape.filter}:${shape.search ? "q" : ""}:${shape.cursor ? "c" : ""}:${shape.timed ? "t" : ""}`;

/** A page's values; those its shape does not use are ignored. */
type PageValues = {
  /** The brand's or the influencer's id (the viewer's). */
  scopeId: number;
  dealId: number;
  now: Date;
  pattern: string;
  /** The countries whose English name the keyword matches (a brand's search). */
  countries: string[];
  /** The cursor's keys (the second is notif's) and id. */
  key1: string | null;
  key2: string | null;
  afterId: number;
};

type Values = Placeholders<PageValues>;

function scopeCondition(scope: ScopeKind, values: Values): SQL {
  if (scope === "influencer") return eq(applications.influencerId, values.scopeId);
  const brand = eq(applications.brandId, values.scopeId);
  return scope === "brand" ? brand : (and(eq(applications.dealId, values.dealId), brand) as SQL);
}

/**
 * Spec section 5: a brand's keyword matches the influencer's username, city or country (its code, or its English
 * name: "fran" finds France), an influencer's the deal's title or the brand's name; case-insensitive, anywhere.
 * The join the condition needs comes with it. profiles.search_text is lower(username city country).
 */
function searchOf(scope: ScopeKind, values: Values): { join: SQL; condition: SQL } {
  if (scope === "influencer") {
    return {
      join: sql`join ${deals} on ${deals.id} = ${applications.dealId}
        left join ${brandProfiles} on ${brandProfiles.userId} = ${deals.userId}`,
      condition: sql`(${deals.title} ilike ${values.pattern} or ${brandProfiles.brandName} ilike ${values.pattern})`,
    };
  }
  return {
    join: sql`join ${influencerProfiles} on ${influencerProfiles.userId} = ${applications.influencerId}`,
    condition: sql`(${influencerProfiles.searchText} like lower(${values.pattern})
      or ${influencerProfiles.country} = any(${values.countries}::text[]))`,
  };
}

/**
 * The stored statuses to walk for a filter: a WAITING row past its expiration reads as DENIED, so the DENIED
 * statuses also walk stored WAITING rows (effectiveStatusIn keeps the right ones).
 */
function storedStatusesFor(statuses: readonly ApplicationStatus[]): ApplicationStatus[] {
  return APPLICATION_STATUSES.filter(
    (stored) => statuses.includes(stored) || (stored === "WAITING" && statuses.includes("DENIED")),
  );
}

/** What a page's query filters on. */
interface ListQuery {
  scope: SQL;
  statuses: readonly ApplicationStatus[];
  /** The effective-status condition (absent for "all"). */
  status: SQL | undefined;
  search: { join: SQL; condition: SQL } | null;
}

const LIMIT = APPLICATIONS_PAGE_SIZE + 1;

/** What the page's part of a row selects: the id and the cursor's keys (k2 is notif's second). */
interface PageRow {
  id: number;
  k1: string | null;
  k2: string | null;
}

/**
 * An indexed sort: for each stored status of the filter, one walk of the (scope, status, keys, id) index from the
 * cursor taking at most LIMIT rows; the walks are merged and cut to LIMIT. Each walk is bounded by the page
 * size, or, with a keyword, by the scope's rows of that status (a brand's, a campaign's, an influencer's).
 */
function indexedPageIds(where: ListQuery, sort: IndexedSort, values: Values | null): SQL {
  const direction = sort.descending ? sql`desc` : sql`asc`;
  const [first, second] = sort.keys;
  if (!first) throw new Error("a sort has a key");
  const columns = sql.join(
    sort.keys.map((key) => key.column),
    sql`, `,
  );
  const cursorKeys = values ? [values.key1, values.key2] : [];
  const after = values
    ? sql`(${columns}, ${applications.id}) ${sort.descending ? sql`<` : sql`>`} (${sql.join(
        sort.keys.map((key, index) => keyValue(key.kind, cursorKeys[index] as SQLWrapper)),
        sql`, `,
      )}, ${values.afterId})`
    : undefined;
  // The walks' rows carry their keys as v1 (and v2): the merge orders by them.
  const merged = sql.join(
    [...sort.keys.map((_key, index) => sql.raw(`v${index + 1}`)), sql.raw("id")].map(
      (column) => sql`${column} ${direction}`,
    ),
    sql`, `,
  );
  const walks = storedStatusesFor(where.statuses).map(
    (stored) => sql`(select ${applications.id} as id,
        ${sql.join(
          sort.keys.map((key, index) => sql`${key.column} as ${sql.raw(`v${index + 1}`)}`),
          sql`, `,
        )},
        ${keyText(first.kind, first.column)} as k1,
        ${second ? keyText(second.kind, second.column) : sql`null::text`} as k2
      from ${applications} ${where.search?.join ?? sql``}
      where ${and(where.scope, eq(applications.status, stored), where.status, where.search?.condition, after)}
      order by ${sql.join(
        [...sort.keys.map((key) => key.column), applications.id].map((column) => sql`${column} ${direction}`),
        sql`, `,
      )}
      limit ${LIMIT})`,
  );
  if (walks.length === 0)
    return sql`select null::int as id, null::text as k1, null::text as k2, 0 as position where false`;
  return sql`select id, k1, k2, row_number() over (order by ${merged}) as position
    from (${sql.join(walks, sql` union all `)}) walks
    order by ${merged} limit ${LIMIT}`;
}

/**
 * The statement of a page: its ids by keyset (plus the lookahead row that says whether a next page exists) with
 * their cards (withCards), in one statement, built once per shape.
 */
const pageStatement = preparedShapes("application_list_page", shapeKey, (db, shape: PageShape, values: Values) => {
  const statuses = APPLICATION_FILTER_STATUSES[shape.filter];
  const where: ListQuery = {
    scope: scopeCondition(shape.scope, values),
    statuses,
    status: shape.filter === "all" ? undefined : effectiveStatusIn(statuses, values.now),
    search: shape.search ? searchOf(shape.scope, values) : null,
  };
  const pageIds = indexedPageIds(where, INDEXED_SORTS[shape.sort], shape.cursor ? values : null);
  const cards = withCards(pageIds, values.scopeId);
  if (!shape.timed) return rawStatement(db, cards);
  // The instant beside every row (and alone, with no card, when the page is empty): one statement still.
  return rawStatement(
    db,
    sql`select cards.*, next.at as next_expiry
      from (${nextExpirySql(shape.scope, values)}) next left join (${cards}) cards on true
      order by cards.position`,
  );
});

/**
 * The next instant after now at which one of the scope's WAITING applications expires (and reads as DENIED), or
 * null: until then a filter of effective statuses holds the same rows. One probe of the partial index of WAITING
 * applications per influencer or per brand (a campaign's applicants use their brand's: an instant no later).
 */
function nextExpirySql(scope: ScopeKind, values: Values): SQL {
  const owner = scope === "influencer" ? applications.influencerId : applications.brandId;
  return sql`select min(${applications.expiration}) as at from ${applications}
    where ${owner} = ${values.scopeId} and ${applications.status} = 'WAITING'
      and ${applications.expiration} > ${values.now}`;
}

/** A filter that holds WAITING applications and not DENIED ones, or the reverse, changes as they expire. */
function changesWithExpiry(filter: ApplicationFilter): boolean {
  const statuses = APPLICATION_FILTER_STATUSES[filter];
  return statuses.includes("WAITING") !== statuses.includes("DENIED");
}

/** A page's rows as the statement gave them, as the user reads cache keeps them. */
interface KeptPage {
  rows: (CardRow & PageRow)[];
  /** No card of the page depends on the time (none is WAITING): its answer can be built once. */
  timeless: boolean;
  /** That answer, built at the first request that needed it and shared frozen (shared-answer.ts). */
  shared?: ApplicationListResult;
}

/**
 * A page's rows as the database gives them, and, when they are kept (timed), when time alone would change which
 * rows a filter of effective statuses (waiting, denied...) holds; the cards themselves are built at each request's
 * now (toApplicationCard) unless none of them is WAITING.
 */
async function readPage(deps: Deps, shape: PageShape, values: PageValues): Promise<Timed<KeptPage>> {
  const rows = rowsOf<CardRow & PageRow & { next_expiry?: Date | string | null }>(
    await pageStatement(deps.db, shape, values),
  );
  const at = rows[0]?.next_expiry;
  return {
    value: { rows, timeless: rows.every((row) => row.status !== "WAITING") },
    changesAt: at ? new Date(at) : null,
  };
}

/** The kinds of a sort's cursor keys: one, or notif's two (its first may be none). */
const keyKinds = (sort: ApplicationSort): readonly KeyKind[] => INDEXED_SORTS[sort].keys.map((key) => key.kind);

/** The sort asked for, or the viewer kind's default; a sort of the other kind is `invalid`. */
function sortFor(viewer: Viewer, asked: ApplicationSort | undefined): ApplicationSort {
  const offered = APPLICATION_SORTS_BY_KIND[viewer.kind];
  const sort = asked ?? offered[0];
  if (!sort || !offered.includes(sort)) {
    fail("invalid", "This sort is not offered here.", [
      { path: ["sort"], message: `Choose one of: ${offered.join(", ")}.` },
    ]);
  }
  return sort;
}

/**
 * One page of `scope`'s applications under the filters, as kept, and how to build its cards (with the next page's
 * cursor) at the request's now.
 */
async function listPage(
  deps: Deps,
  viewer: Viewer,
  scope: { kind: ScopeKind; dealId?: number },
  filters: ApplicationListFilters,
): Promise<{ kept: KeptPage; build: () => Omit<ApplicationListResult, "deal"> }> {
  const now = deps.clock.now();
  const sort = sortFor(viewer, filters.sort);
  const cursor = filters.cursor ? decodeCursor(filters.cursor, sort, keyKinds(sort)) : null;
  const shape: PageShape = {
    scope: scope.kind,
    sort,
    filter: filters.status,
    search: Boolean(filters.query),
    cursor: cursor !== null,
    // Only for the cache: without one, nothing keeps the rows past this request.
    timed: deps.userReads !== undefined && changesWithExpiry(filters.status),
  };
  const values: PageValues = {
    scopeId: viewer.userId,
    dealId: scope.dealId ?? 0,
    now,
    pattern: filters.query ? containsPattern(filters.query) : "",
    countries: filters.query && scope.kind !== "influencer" ? countriesNamed(filters.query) : [],
    key1: cursor?.keys[0] ?? null,
    key2: cursor?.keys[1] ?? null,
    afterId: cursor?.id ?? 0,
  };
  const kept = await readThrough(
    deps.userReads,
    viewer.userId,
    `applications ${shapeKey(shape)} ${JSON.stringify([values.dealId, filters.query, values.key1, values.key2, values.afterId])}`,
    () => readPage(deps, shape, values),
  );
  const build = () => {
    const page = kept.rows.slice(0, APPLICATIONS_PAGE_SIZE);
    const last = page.at(-1);
    return {
      applications: page.flatMap((row) => toApplicationCard(row, now) ?? []),
      nextCursor:
        kept.rows.length > APPLICATIONS_PAGE_SIZE && last
          ? encodeCursor({
              sort,
              keys: INDEXED_SORTS[sort].keys.length === 2 ? [last.k1, last.k2] : [last.k1],
              id: Number(last.id),
            })
          : null,
    };
  };
  return { kept, build };
}

/**
 * GET /api/applications: a brand's applications across all its campaigns, an influencer's own proposals (an
 * admin acting as either sees the same). A kept page whose cards do not depend on the time is answered with one
 * shared answer, its JSON written once.
 */
export async function listApplications(
  deps: Deps,
  viewer: Viewer,
  filters: ApplicationListFilters,
): Promise<ApplicationListResult> {
  const { kept, build } = await listPage(deps, viewer, { kind: viewer.kind }, filters);
  if (!deps.userReads || !kept.timeless) return { deal: null, ...build() };
  kept.shared ??= shareAnswer({ deal: null, ...build() });
  return kept.shared;
}

/**
 * GET /api/campaigns/{id}/applications: the applicants of one of the brand's own campaigns, with the campaign.
 * Another brand's campaign, a deleted one or an unknown id is not_found (for an admin acting as the brand too).
 */
export async function listCampaignApplications(
  deps: Deps,
  viewer: Viewer,
  input: ApplicationListFilters & { id: number },
): Promise<ApplicationListResult> {
  const [owned, page] = await Promise.all([
    readThrough(deps.userReads, viewer.userId, `campaign ${input.id}`, async () => ({
      value: await liveCampaign(deps.db, { dealId: input.id, brandId: viewer.userId }),
      changesAt: null,
    })).then((rows) => dealViewsOf(deps.clock.now(), rows)),
    // Scoped by the brand as well: the page never holds another brand's rows, even before the check below.
    listPage(deps, viewer, { kind: "campaign", dealId: input.id }, input).then((page) => page.build()),
  ]);
  const deal: DealView | undefined = owned[0];
  if (!deal) fail("not_found");
  return { deal, ...page };
}
