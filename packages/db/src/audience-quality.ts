import { AUDIENCE_QUALITY_RULES, type AudienceSnapshot, audienceQuality, DAY_MS } from "@market/contracts";
import { desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "./client";
import { rowsOf } from "./client";
import { engagementTierMedians, networkSnapshots, networks } from "./schema";

/**
 * The statistics history and the audience-quality score kept from it (issue 40, point 4). Here rather than in a
 * service because the demo seed writes histories and scores too; services call these inside the transaction that
 * stores a reading.
 */

/** Days of history kept: the score reads 90 of them; a year and a bit leaves room for a longer look later. */
export const NETWORK_SNAPSHOT_RETENTION_DAYS = 400;

/** The UTC day of an instant, as the date column stores it. */
export const snapshotDay = (at: Date) => at.toISOString().slice(0, 10);

/** What a reading found, as the networks row stores it. */
export interface MeasuredStatistics {
  followers: number;
  posts: number | null;
  reactions: number | null;
  engagement: number | null;
  likes?: number | null;
  comments?: number | null;
}

/**
 * Records a reading of the network as the snapshot of its day (a second reading the same day replaces the first:
 * at most one row per network and day), then scores the network again.
 */
export async function recordNetworkSnapshot(
  db: Db,
  networkId: number,
  measured: MeasuredStatistics,
  readAt: Date,
): Promise<void> {
  const row = {
    followers: measured.followers,
    posts: measured.posts,
    reactions: measured.reactions,
    engagement: measured.engagement,
    likes: measured.likes ?? null,
    comments: measured.comments ?? null,
    readAt,
  };
  await db
    .insert(networkSnapshots)
    .values({ networkId, day: snapshotDay(readAt), ...row })
    .onConflictDoUpdate({ target: [networkSnapshots.networkId, networkSnapshots.day], set: row });
  await scoreNetworks(db, [networkId]);
}

/** The tier medians as a lookup; a tier not computed yet is missing. */
async function tierMedians(db: Db): Promise<Map<string, number>> {
  const rows = await db.select().from(engagementTierMedians);
  return new Map(rows.map((row) => [row.sizeClass, row.median]));
}

/**
 * Computes and stores the score of each network from its last AUDIENCE_QUALITY_RULES.windowDays of snapshots (one
 * read by the primary key per network) against its tier's median. The caller refreshes the search columns.
 */
export async function scoreNetworks(db: Db, networkIds: readonly number[]): Promise<void> {
  if (networkIds.length === 0) return;
  const medians = await tierMedians(db);
  const targets = await db
    .select({ id: networks.id, sizeClass: networks.sizeClass })
    .from(networks)
    .where(inArray(networks.id, [...networkIds]));
  for (const target of targets) {
    const rows = await db
      .select()
      .from(networkSnapshots)
      .where(eq(networkSnapshots.networkId, target.id))
      .orderBy(desc(networkSnapshots.day))
      // One a day at most: the window never holds more rows than days.
      .limit(AUDIENCE_QUALITY_RULES.windowDays + 1);
    const history: AudienceSnapshot[] = rows.map((row) => ({
      day: new Date(`${row.day}T00:00:00Z`),
      followers: row.followers,
      posts: row.posts,
      reactions: row.reactions,
      engagement: row.engagement,
      likes: row.likes,
      comments: row.comments,
    }));
    const quality = audienceQuality(history, target.sizeClass ? (medians.get(target.sizeClass) ?? null) : null);
    await db
      .update(networks)
      .set({ audienceQuality: quality.score, audienceQualityDetail: quality })
      .where(eq(networks.id, target.id));
  }
}

/** How often the tier medians are recomputed: they move slowly, and ranking every network is a full scan. */
export const TIER_MEDIANS_MAX_AGE_MS = DAY_MS;

/**
 * Recomputes the engagement median of each follower tier over the measured networks, when the stored ones are a
 * day old or missing (the cleanup job calls it every 10 minutes; `force` for the seed and tests). One grouped scan
 * of networks. Resolves to the number of tiers written (0 when still fresh).
 */
export async function refreshEngagementTierMedians(db: Db, now: Date, { force = false } = {}): Promise<number> {
  if (!force) {
    const [fresh] = await db
      .select({ sizeClass: engagementTierMedians.sizeClass })
      .from(engagementTierMedians)
      .where(gte(engagementTierMedians.computedAt, new Date(now.getTime() - TIER_MEDIANS_MAX_AGE_MS)))
      .limit(1);
    if (fresh) return 0;
  }
  const rows = rowsOf<{ size_class: string }>(
    await db.execute(sql`
      insert into ${engagementTierMedians} (size_class, median, networks, computed_at)
      select size_class, percentile_cont(0.5) within group (order by engagement), count(*)::int, ${now.toISOString()}::timestamptz
      from ${networks}
      where size_class is not null and engagement is not null
      group by size_class
      on conflict (size_class) do update
        set median = excluded.median, networks = excluded.networks, computed_at = excluded.computed_at
      returning size_class`),
  );
  return rows.length;
}

/** Deletes the snapshots older than the retention (network_snapshots_day_idx); resolves to how many. */
export async function sweepOldNetworkSnapshots(db: Db, now: Date): Promise<number> {
  const oldest = snapshotDay(new Date(now.getTime() - NETWORK_SNAPSHOT_RETENTION_DAYS * DAY_MS));
  const deleted = await db
    .delete(networkSnapshots)
    .where(lt(networkSnapshots.day, oldest))
    .returning({ networkId: networkSnapshots.networkId });
  return deleted.length;
}
