import { brandProfiles, type Db, eq, type SQL, type SQLWrapper, sql, type Tx, users } from "@market/db";

/**
 * What the product calls an account where it tells the other party (or the account itself) who did something:
 * NamedAccount.name. A brand goes by its company name, by its username when that is empty (brand_name '' on
 * accounts from before sign-up asked it); an influencer by its username, the spec's name for them (influencers have
 * no brand_profiles row, so the left-joined brand_name is null). The one rule behind the notifications, their
 * mails, the chat and the application pages' brand name.
 *
 * `brandName` is brand_profiles.brand_name left-joined on the account's id (the table's primary key, so one probe
 * a row); coalesce reads `username` only when the company name is missing, so it may be a scalar subquery.
 */
export function accountNameSql(brandName: SQLWrapper, username: SQLWrapper): SQL<string> {
  return sql<string>`coalesce(nullif(${brandName}, ''), ${username})`;
}

/**
 * NamedAccount's columns (picture still the stored key, pictureUrl makes it a URL) for a query reading `users` with
 * brand_profiles left-joined on users.id.
 */
export const namedAccountColumns = {
  id: users.id,
  username: users.username,
  name: accountNameSql(brandProfiles.brandName, users.username),
  picture: users.picture,
};

export type NamedAccountRow = { id: number; username: string; name: string; picture: string | null };

/** One account as namedAccountColumns reads it, by primary key; null when it is gone. */
export async function namedAccountRow(db: Db | Tx, userId: number): Promise<NamedAccountRow | null> {
  const [row] = await db
    .select(namedAccountColumns)
    .from(users)
    .leftJoin(brandProfiles, eq(brandProfiles.userId, users.id))
    .where(eq(users.id, userId));
  return row ?? null;
}
