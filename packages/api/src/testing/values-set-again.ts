import { type Db, refreshInfluencerSearchColumns, sql } from "@market/db";

/**
 * Writes that name what every user may read (a brand's name, a username and picture, an influencer's search
 * columns) but set it to what it was (drizzle/0054_changed_rows_only.sql): neither the user reads cache nor the
 * search caches may forget anything for them. Shared by user-reads-changes.int and search-changes.int, so that both
 * channels are held to the same list. The first write settles the search columns, the second must change nothing.
 */
export function valuesSetAgain(
  db: () => Db,
  /** The test's brand and influencer, read when a write runs (tests make them in beforeAll). */
  ids: () => { brandId: number; influencerId: number },
): [string, { settle?: () => Promise<unknown>; write: () => Promise<unknown> }][] {
  const refresh = () => refreshInfluencerSearchColumns(db(), [ids().influencerId]);
  return [
    // Every proposal sent or updated refreshes its influencer's search columns, most often to what they were.
    ["the search columns refreshed to what they were", { settle: refresh, write: refresh }],
    [
      "an influencer's city set to the one it was",
      {
        write: () =>
          db().execute(sql`update influencer_profiles set city = city where user_id = ${ids().influencerId}`),
      },
    ],
    // A brand's settings save is an upsert of its whole profile, its name included.
    [
      "a brand's profile saved with its name as it was",
      {
        write: () =>
          db().execute(sql`insert into brand_profiles (user_id, brand_name, about)
            select user_id, brand_name, 'About us, again' from brand_profiles where user_id = ${ids().brandId}
            on conflict (user_id) do update set brand_name = excluded.brand_name, about = excluded.about`),
      },
    ],
    [
      "a username and picture set to what they were",
      {
        write: () =>
          db().execute(sql`update users set username = username, picture = picture where id = ${ids().influencerId}`),
      },
    ],
  ];
}
