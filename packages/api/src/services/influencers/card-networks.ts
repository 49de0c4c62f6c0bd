import type { InfluencerCardNetwork } from "@market/contracts";
import { asc, type Db, desc, networks, type Placeholders, preparedQuery, sql } from "@market/db";

const networksOf = preparedQuery("card_networks_of", (db, values: Placeholders<{ userIds: number[] }>) =>
  db
    .select({
      userId: networks.userId,
      type: networks.type,
      followers: networks.followers,
      engagement: networks.engagement,
      rating: networks.rating,
    })
    .from(networks)
    .where(sql`${networks.userId} = any(${values.userIds}::int[])`)
    .orderBy(desc(networks.followers), asc(networks.id)),
);

/** The networks of a page of cards in one query (never one per card), biggest first. */
export async function loadCardNetworks(db: Db, userIds: number[]): Promise<Map<number, InfluencerCardNetwork[]>> {
  const byUser = new Map<number, InfluencerCardNetwork[]>();
  if (userIds.length === 0) return byUser;
  const rows = await networksOf(db, { userIds });
  for (const { userId, ...network } of rows) {
    const list = byUser.get(userId) ?? [];
    list.push(network);
    byUser.set(userId, list);
  }
  return byUser;
}
