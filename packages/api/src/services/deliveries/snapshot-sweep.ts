import { DAY_MS, HOUR_MS, type StatisticsSnapshotKind } from "@market/contracts";
import { type Db, deliveredPosts, deliveries, eq, networks, postStatisticsSnapshots, rowsOf, sql } from "@market/db";
import { type CheckDeps, lookUpPost } from "./check-posts";

/**
 * Statistics snapshots (issue 37): a post the check found is read again one day and seven days after its delivery,
 * and each reading is kept (post_statistics_snapshots, one per kind) for the brand's reports. A sweep over the owed
 * rows (delivered_posts_snapshot_due_idx). Safe on several instances: a row is claimed by moving next_snapshot_at a
 * lease ahead in one update over rows picked `for update skip locked`, and a snapshot's key (post, kind) makes a
 * second insert of the same reading do nothing. A network that does not answer is asked again an hour later, until
 * the reading is a day late: then that reading is skipped, not the next.
 */

const CLAIM_LEASE_MS = 10 * 60_000;
const RETRY_MS = HOUR_MS;
const GIVE_UP_AFTER_MS = DAY_MS;
const BATCH = 50;

/** Days after delivery of each later reading, and the reading after it. */
const SCHEDULE: Record<Exclude<StatisticsSnapshotKind, "initial">, { days: number; next: "day7" | null }> = {
  day1: { days: 1, next: "day7" },
  day7: { days: 7, next: null },
};

export async function sweepStatisticsSnapshots(deps: CheckDeps, now: Date): Promise<number> {
  const until = new Date(now.getTime() + CLAIM_LEASE_MS);
  const claimed = rowsOf<{ id: number }>(
    await deps.db.execute(sql`update ${deliveredPosts} set next_snapshot_at = ${until.toISOString()}::timestamptz
      where id in (select id from ${deliveredPosts}
        where next_snapshot_at is not null and next_snapshot_at <= ${now.toISOString()}::timestamptz
        order by next_snapshot_at limit ${BATCH} for update skip locked)
      returning id`),
  ).map((row) => Number(row.id));
  if (claimed.length === 0) return 0;
  const posts = await deps.db
    .select({
      id: deliveredPosts.id,
      network: deliveredPosts.networkType,
      url: deliveredPosts.url,
      postId: deliveredPosts.postId,
      kind: deliveredPosts.nextSnapshotKind,
      deliveredAt: deliveries.deliveredAt,
      identifier: networks.identifier,
      accessToken: networks.accessToken,
    })
    .from(deliveredPosts)
    .innerJoin(deliveries, eq(deliveries.id, deliveredPosts.deliveryId))
    .leftJoin(networks, eq(networks.id, deliveredPosts.networkId))
    .where(
      sql`${deliveredPosts.id} in (${sql.join(
        claimed.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  let taken = 0;
  for (const post of posts) {
    const kind = post.kind === "day1" || post.kind === "day7" ? post.kind : null;
    if (!kind) continue;
    const { lookup } = await lookUpPost(deps, post);
    const dueAt = post.deliveredAt.getTime() + SCHEDULE[kind].days * DAY_MS;
    const next = SCHEDULE[kind].next;
    const advance = {
      nextSnapshotKind: next,
      nextSnapshotAt: next ? new Date(post.deliveredAt.getTime() + SCHEDULE[next].days * DAY_MS) : null,
    };
    if (lookup.state !== "found") {
      // Gone or unreadable: asked again within the day, then this reading is skipped.
      const late = now.getTime() - dueAt >= GIVE_UP_AFTER_MS || lookup.state !== "unavailable";
      await deps.db
        .update(deliveredPosts)
        .set(late ? advance : { nextSnapshotAt: new Date(now.getTime() + RETRY_MS) })
        .where(eq(deliveredPosts.id, post.id));
      continue;
    }
    await storeSnapshot(deps.db, post.id, kind, now, lookup.post.statistics, advance);
    taken += 1;
  }
  return taken;
}

async function storeSnapshot(
  db: Db,
  postId: number,
  kind: "day1" | "day7",
  now: Date,
  statistics: { views: number | null; likes: number | null; comments: number | null },
  advance: { nextSnapshotKind: "day7" | null; nextSnapshotAt: Date | null },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(postStatisticsSnapshots)
      .values({ deliveredPostId: postId, kind, takenAt: now, ...statistics })
      .onConflictDoNothing();
    await tx
      .update(deliveredPosts)
      .set({ ...statistics, ...advance })
      .where(eq(deliveredPosts.id, postId));
  });
}
