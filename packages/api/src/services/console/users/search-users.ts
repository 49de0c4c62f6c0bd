import { CONSOLE_PAGE_SIZE, type ConsoleUserRow, type UserSearchInput, type UserSearchPage } from "@market/contracts";
import { and, brandProfiles, type Db, eq, influencerProfiles, type SQL, sql, users } from "@market/db";
import { afterConsoleKey, consoleMicrosOf, consoleOrderBy, decodeConsoleKey, pageOf } from "../keyset";

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * What the search box matches (issue 36, point 4): digits are an id; text with an @ the start of an email; other
 * text the start of a username or an email, or part of a brand's company name. Each is one index: the primary key,
 * users_email_lower_prefix_idx and users_username_lower_prefix_idx (prefix ranges), and on PostgreSQL the
 * trigram index of brand names (0039). The word's three matches are a union of ids, each branch on its own index
 * (an OR across the joined brand_profiles would scan both tables: 145 ms at 100,000 users, against 3 ms so); the
 * few matches are then sorted. Without a query the list walks users_created_idx (or users_kind_created_idx).
 */
function queryMatch(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  if (/^\d{1,10}$/.test(q)) return eq(users.id, Number(q));
  const prefix = `${escapeLike(q.toLowerCase())}%`;
  if (q.includes("@")) return sql`lower(${users.email}) like ${prefix}`;
  const part = `%${escapeLike(q.toLowerCase())}%`;
  return sql`${users.id} in (
    select id from users where lower(email) like ${prefix}
    union all select id from users where lower(username) like ${prefix}
    union all select user_id from brand_profiles where lower(brand_name) like ${part})`;
}

export function userRowsQuery(db: Db) {
  return db
    .select({
      id: users.id,
      kind: users.kind,
      username: users.username,
      email: users.email,
      brandName: brandProfiles.brandName,
      isAdmin: users.isAdmin,
      maybeFake: influencerProfiles.maybeFake,
      createdAt: users.createdAt,
      lastLoginAt: users.lastLoginAt,
      micros: consoleMicrosOf(users.createdAt),
    })
    .from(users)
    .leftJoin(brandProfiles, eq(brandProfiles.userId, users.id))
    .leftJoin(influencerProfiles, eq(influencerProfiles.userId, users.id));
}

type UserRow = Awaited<ReturnType<ReturnType<typeof userRowsQuery>["limit"]>>[number];

export function consoleUserRowOf(row: UserRow): ConsoleUserRow {
  return {
    id: row.id,
    kind: row.kind === "brand" ? "brand" : "influencer",
    username: row.username,
    email: row.email,
    brandName: row.kind === "brand" ? (row.brandName ?? "") : null,
    isAdmin: row.isAdmin,
    maybeFake: row.maybeFake ?? false,
    createdAt: row.createdAt.toISOString(),
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
  };
}

/** GET /admin/api/users?q= and the console's user search: newest accounts first, keyset-paged by (created_at, id). */
export async function searchUsers(deps: { db: Db }, input: UserSearchInput): Promise<UserSearchPage> {
  const key = decodeConsoleKey(input.cursor);
  const rows = await userRowsQuery(deps.db)
    .where(
      and(
        queryMatch(input.q),
        input.kind === undefined ? undefined : eq(users.kind, input.kind),
        // The flag is an influencer's: the partial index of flagged profiles (0039) holds only them.
        input.flag === "maybe_fake" ? eq(influencerProfiles.maybeFake, true) : undefined,
        afterConsoleKey(key, "newest", users.createdAt, users.id),
      ),
    )
    .orderBy(...consoleOrderBy("newest", users.createdAt, users.id))
    .limit(CONSOLE_PAGE_SIZE + 1);
  const page = pageOf(rows, CONSOLE_PAGE_SIZE, (row) => ({ micros: Number(row.micros), id: row.id }));
  return { users: page.rows.map(consoleUserRowOf), nextCursor: page.nextCursor };
}
