import {
  FOLLOWERS_FILTER,
  INFLUENCER_SEARCH_PAGE_SIZE,
  type InfluencerCard,
  type InfluencerSearchInput,
  type InfluencerSearchResult,
  type InfluencerSort,
} from "@market/contracts";
import { and, asc, type Db, desc, eq, gte, inArray, influencerProfiles, lte, type SQL, sql, users } from "@market/db";
import { pictureUrl } from "../files/picture-url";
import { loadCardNetworks } from "./card-networks";

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
 * Influencer cards for the find screen. Visitors get the teaser: the first page in the default order,
 * whatever page or sort they ask for (spec: no sort and no pagination for visitors).
 */
export async function searchInfluencers(
  db: Db,
  input: InfluencerSearchInput,
  viewer: { signedIn: boolean },
): Promise<InfluencerSearchResult> {
  const sort = viewer.signedIn ? (input.sort ?? "followers_p") : "followers_p";
  const page = viewer.signedIn ? (input.currentPage ?? 1) : 1;
  const where = and(...conditions(input));

  const [rows, [total]] = await Promise.all([
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
      .where(where)
      .orderBy(...ORDER[sort])
      .limit(INFLUENCER_SEARCH_PAGE_SIZE)
      .offset((page - 1) * INFLUENCER_SEARCH_PAGE_SIZE),
    db.select({ count: sql<number>`count(*)::int` }).from(p).where(where),
  ]);

  const networksByUser = await loadCardNetworks(
    db,
    rows.map((row) => row.id),
  );
  const influencers: InfluencerCard[] = rows.map((row) => ({
    id: row.id,
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
  return { influencers, count: total?.count ?? 0 };
}
