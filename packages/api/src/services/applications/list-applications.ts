import {
  APPLICATION_FILTER_STATUSES,
  APPLICATION_SORTS_BY_KIND,
  APPLICATION_STATUSES,
  APPLICATIONS_PAGE_SIZE,
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
  notifications,
  rowsOf,
  type SQL,
  sql,
} from "@market/db";
import type { Clock } from "../../clock";
import { fail } from "../../errors";
import type { Viewer } from "../auth/sessions";
import { containsPattern } from "../deals/deal-search-parts";
import { dealViewsOf, liveCampaign } from "../deals/deal-view";
import { loadApplicationCards } from "./application-cards";
import { countriesNamed } from "./country-names";
import { effectiveStatusIn } from "./effective-status";
import { decodeCursor, encodeCursor, type KeyKind, type ListCursor } from "./list-cursor";

// GET /api/applications and GET /api/campaigns/{id}/applications: one page of ids by keyset, then their cards.

type Deps = { db: Db; clock: Clock };

/** Whose applications a list holds; each is the leading column of its indexes (schema/applications.ts). */
type Scope = { brandId: number; dealId?: number } | { influencerId: number };

/** A sort served by an index: (scope, status, column, id), walked forwards or backwards. */
interface IndexedSort {
  column: typeof applications.updatedAt | typeof applications.totalReach | typeof applications.totalPriceCents;
  kind: KeyKind;
  descending: boolean;
}

const INDEXED_SORTS: Record<Exclude<ApplicationSort, "notif">, IndexedSort> = {
  time_p: { column: applications.updatedAt, kind: "time", descending: true },
  time_m: { column: applications.updatedAt, kind: "time", descending: false },
  reach_p: { column: applications.totalReach, kind: "count", descending: true },
  reach_m: { column: applications.totalReach, kind: "count", descending: false },
  price_p: { column: applications.totalPriceCents, kind: "count", descending: true },
  price_m: { column: applications.totalPriceCents, kind: "count", descending: false },
};

/** A key as the cursor carries it: instants in UTC with their microseconds, numbers as digits. */
function keyText(kind: KeyKind, value: SQL | IndexedSort["column"]): SQL {
  if (kind === "count") return sql`${value}::text`;
  return sql`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** A cursor's key back as a value to compare with; no instant (null) is minus infinity. */
function keyValue(kind: KeyKind, key: string | null): SQL {
  if (kind === "count") return sql`${key}::bigint`;
  return key === null ? sql`'-infinity'::timestamptz` : sql`${key}::timestamptz`;
}

function scopeCondition(scope: Scope): SQL {
  if ("influencerId" in scope) return eq(applications.influencerId, scope.influencerId);
  const brand = eq(applications.brandId, scope.brandId);
  return scope.dealId === undefined ? brand : (and(eq(applications.dealId, scope.dealId), brand) as SQL);
}

/**
 * Spec section 5: a brand's keyword matches the influencer's username, city or country (its code, or its English
 * name: "fran" finds France), an influencer's the deal's title or the brand's name; case-insensitive, anywhere.
 * The join the condition needs comes with it. profiles.search_text is lower(username city country).
 */
function searchOf(scope: Scope, query: string | undefined): { join: SQL; condition: SQL } | null {
  if (!query) return null;
  const pattern = containsPattern(query);
  if ("influencerId" in scope) {
    return {
      join: sql`join ${deals} on ${deals.id} = ${applications.dealId}
        left join ${brandProfiles} on ${brandProfiles.userId} = ${deals.userId}`,
      condition: sql`(${deals.title} ilike ${pattern} or ${brandProfiles.brandName} ilike ${pattern})`,
    };
  }
  const countries = countriesNamed(query);
  const byName =
    countries.length > 0 ? sql` or ${influencerProfiles.country} = any(${sql.param(countries)}::text[])` : sql``;
  return {
    join: sql`join ${influencerProfiles} on ${influencerProfiles.userId} = ${applications.influencerId}`,
    condition: sql`(${influencerProfiles.searchText} like lower(${pattern})${byName})`,
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

interface PageRow {
  id: number;
  keys: (string | null)[];
}

/**
 * An indexed sort: for each stored status of the filter, one walk of the (scope, status, key, id) index from the
 * cursor taking at most `limit` rows; the walks are merged and cut to `limit`. Each walk is bounded by the page
 * size, or, with a keyword, by the scope's rows of that status (a brand's, a campaign's, an influencer's).
 */
async function indexedPage(db: Db, where: ListQuery, sort: IndexedSort, cursor: ListCursor | null, limit: number) {
  const direction = sort.descending ? sql`desc` : sql`asc`;
  const after = cursor
    ? sql`(${sort.column}, ${applications.id}) ${sort.descending ? sql`<` : sql`>`} (${keyValue(sort.kind, cursor.keys[0] ?? null)}, ${cursor.id})`
    : undefined;
  const walks = storedStatusesFor(where.statuses).map(
    (stored) => sql`(select ${applications.id} as id, ${sort.column} as v, ${keyText(sort.kind, sort.column)} as k
      from ${applications} ${where.search?.join ?? sql``}
      where ${and(where.scope, eq(applications.status, stored), where.status, where.search?.condition, after)}
      order by ${sort.column} ${direction}, ${applications.id} ${direction}
      limit ${limit})`,
  );
  if (walks.length === 0) return [];
  const rows = rowsOf<{ id: number; k: string }>(
    await db.execute(sql`select id, k from (${sql.join(walks, sql` union all `)}) walks
      order by v ${direction}, id ${direction} limit ${limit}`),
  );
  return rows.map((row): PageRow => ({ id: Number(row.id), keys: [row.k] }));
}

/**
 * The influencer's notif sort: applications with unseen notifications first, the latest notified first, then the
 * others by last update. The key is computed from the influencer's unseen notifications (a partial index), so
 * this reads all of the influencer's applications in the filter: bounded by one influencer's proposals.
 */
async function notifPage(db: Db, where: ListQuery, influencerId: number, cursor: ListCursor | null, limit: number) {
  const unread = sql`(select ${notifications.applicationId} as application_id, max(${notifications.createdAt}) as at
    from ${notifications}
    where ${notifications.userId} = ${influencerId} and ${notifications.seenAt} is null
      and ${notifications.applicationId} is not null
    group by ${notifications.applicationId})`;
  const first = sql`coalesce(unread.at, '-infinity'::timestamptz)`;
  const after = cursor
    ? sql`(${first}, ${applications.updatedAt}, ${applications.id}) < (${keyValue("time_or_none", cursor.keys[0] ?? null)}, ${keyValue("time", cursor.keys[1] ?? null)}, ${cursor.id})`
    : undefined;
  const rows = rowsOf<{ id: number; k1: string | null; k2: string }>(
    await db.execute(sql`select ${applications.id} as id,
        case when unread.at is null then null else ${keyText("time", sql`unread.at`)} end as k1,
        ${keyText("time", applications.updatedAt)} as k2
      from ${applications} left join ${unread} unread on unread.application_id = ${applications.id}
        ${where.search?.join ?? sql``}
      where ${and(where.scope, where.status, where.search?.condition, after)}
      order by ${first} desc, ${applications.updatedAt} desc, ${applications.id} desc
      limit ${limit}`),
  );
  return rows.map((row): PageRow => ({ id: Number(row.id), keys: [row.k1, row.k2] }));
}

/** The kinds of a sort's cursor keys: the indexed sorts have one, notif two (its first may be none). */
const keyKinds = (sort: ApplicationSort): readonly KeyKind[] =>
  sort === "notif" ? ["time_or_none", "time"] : [INDEXED_SORTS[sort].kind];

/** The sort asked for, or the viewer kind's default; a sort of the other kind is `invalid`. */
function sortFor(viewer: Viewer, asked: ApplicationSort | undefined): ApplicationSort {
  const offered = APPLICATION_SORTS_BY_KIND[viewer.kind];
  const sort = asked ?? offered[0];
  if (!sort || !offered.includes(sort)) {
    fail("BAD_REQUEST", "invalid", "This sort is not offered here.", [
      { path: ["sort"], message: `Choose one of: ${offered.join(", ")}.` },
    ]);
  }
  return sort;
}

/** One page of `scope`'s applications under the filters, as cards, with the next page's cursor. */
async function listPage(
  deps: Deps,
  viewer: Viewer,
  scope: Scope,
  filters: ApplicationListFilters,
): Promise<Omit<ApplicationListResult, "deal">> {
  const now = deps.clock.now();
  const sort = sortFor(viewer, filters.sort);
  const cursor = filters.cursor ? decodeCursor(filters.cursor, sort, keyKinds(sort)) : null;
  const statuses = APPLICATION_FILTER_STATUSES[filters.status];
  const where: ListQuery = {
    scope: scopeCondition(scope),
    statuses,
    status: filters.status === "all" ? undefined : effectiveStatusIn(statuses, now),
    search: searchOf(scope, filters.query),
  };
  const limit = APPLICATIONS_PAGE_SIZE + 1;
  const rows =
    sort === "notif"
      ? await notifPage(deps.db, where, viewer.userId, cursor, limit)
      : await indexedPage(deps.db, where, INDEXED_SORTS[sort], cursor, limit);
  const page = rows.slice(0, APPLICATIONS_PAGE_SIZE);
  const last = page.at(-1);
  return {
    applications: await loadApplicationCards(
      deps.db,
      viewer.userId,
      page.map((row) => row.id),
      now,
    ),
    nextCursor:
      rows.length > APPLICATIONS_PAGE_SIZE && last ? encodeCursor({ sort, keys: last.keys, id: last.id }) : null,
  };
}

/**
 * GET /api/applications: a brand's applications across all its campaigns, an influencer's own proposals (an
 * admin acting as either sees the same).
 */
export async function listApplications(
  deps: Deps,
  viewer: Viewer,
  filters: ApplicationListFilters,
): Promise<ApplicationListResult> {
  const scope: Scope = viewer.kind === "brand" ? { brandId: viewer.userId } : { influencerId: viewer.userId };
  return { deal: null, ...(await listPage(deps, viewer, scope, filters)) };
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
    liveCampaign(deps.db, { dealId: input.id, brandId: viewer.userId }).then((rows) =>
      dealViewsOf(deps.db, deps.clock.now(), rows),
    ),
    // Scoped by the brand as well: the page never holds another brand's rows, even before the check below.
    listPage(deps, viewer, { brandId: viewer.userId, dealId: input.id }, input),
  ]);
  const deal: DealView | undefined = owned[0];
  if (!deal) fail("NOT_FOUND", "not_found");
  return { deal, ...page };
}
