import { DAY_MS, HOUR_MS, MINUTE_MS } from "@market/contracts";
import {
  applications,
  type Db,
  deliveredPosts,
  deliveries,
  eq,
  networks,
  postStatisticsSnapshots,
  rowsOf,
  sql,
} from "@market/db";
import type { Clock } from "../../clock";
import type { TokenCipher } from "../networks/token-cipher";
import {
  judgePost,
  type LinkedAccount,
  type PostCheckOutcome,
  type PostLookup,
  type PostVerifiers,
} from "./verifiers/ports";

/**
 * The check of delivered posts on their networks (issue 37), outside any transaction that holds an application:
 * right after the work-done transaction commits, for that delivery's posts, and by a sweep for the posts still owed
 * a check (pending because the server stopped between commit and check, unavailable because the API failed). A
 * failed check never undoes the delivery; its result is stored for the brand and an admin to read.
 *
 * Several instances may sweep at once: a post is claimed by moving its check_due_at a lease ahead in one update
 * over the rows `for update skip locked` picked, so each post is looked up by one instance; an instance that dies
 * holding the lease leaves it to be claimed again when the lease ends.
 */

export interface CheckDeps {
  db: Db;
  clock: Clock;
  postVerifiers: PostVerifiers;
  tokenCipher: TokenCipher;
}

/** How long a claimed check is an instance's own before another may take it. */
const CLAIM_LEASE_MS = 2 * MINUTE_MS;
/** Tries after which an API that keeps failing is left unavailable (about two days of back-off). */
export const MAX_CHECK_ATTEMPTS = 10;
const SWEEP_BATCH = 50;

/** The back-off after the n-th failed try: 5 minutes doubling, at most 6 hours. */
export const retryDelayMs = (attempts: number) => Math.min(5 * MINUTE_MS * 2 ** Math.max(0, attempts - 1), 6 * HOUR_MS);

/** A claimed post with what its check needs: its delivery's time, the hire's time and the linked account. */
interface ClaimedPost {
  id: number;
  network: (typeof deliveredPosts.$inferSelect)["networkType"];
  url: string;
  postId: string | null;
  checkAttempts: number;
  deliveredAt: Date;
  hiredAt: Date | null;
  networkId: number | null;
  identifier: string | null;
  accessToken: string | null;
}

/** Claims posts owed a check (of one delivery, or any), oldest due first. */
async function claimChecks(db: Db, now: Date, filter: { deliveryId: number } | { limit: number }) {
  const until = new Date(now.getTime() + CLAIM_LEASE_MS);
  const scope = "deliveryId" in filter ? sql`${deliveredPosts.deliveryId} = ${filter.deliveryId}` : sql`true`;
  const limit = "limit" in filter ? filter.limit : 100;
  const claimed = await db.execute<{
    id: number;
  }>(sql`update ${deliveredPosts} set check_due_at = ${until.toISOString()}::timestamptz
    where id in (select id from ${deliveredPosts}
      where check_due_at is not null and check_due_at <= ${now.toISOString()}::timestamptz and ${scope}
      order by check_due_at limit ${limit} for update skip locked)
    returning id`);
  const ids = rowsOf<{ id: number }>(claimed).map((row) => Number(row.id));
  if (ids.length === 0) return [];
  return db
    .select({
      id: deliveredPosts.id,
      network: deliveredPosts.networkType,
      url: deliveredPosts.url,
      postId: deliveredPosts.postId,
      checkAttempts: deliveredPosts.checkAttempts,
      deliveredAt: deliveries.deliveredAt,
      hiredAt: applications.paidAt,
      networkId: deliveredPosts.networkId,
      identifier: networks.identifier,
      accessToken: networks.accessToken,
    })
    .from(deliveredPosts)
    .innerJoin(deliveries, eq(deliveries.id, deliveredPosts.deliveryId))
    .innerJoin(applications, eq(applications.id, deliveries.applicationId))
    .leftJoin(networks, eq(networks.id, deliveredPosts.networkId))
    .where(
      sql`${deliveredPosts.id} in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
}

/** Asks the post's network through its verifier; a verifier that throws is unavailable, never the caller's error. */
export async function lookUpPost(
  deps: Pick<CheckDeps, "postVerifiers" | "tokenCipher">,
  post: Pick<ClaimedPost, "network" | "url" | "postId" | "identifier" | "accessToken">,
): Promise<{ lookup: PostLookup; account: LinkedAccount | null }> {
  if (post.identifier === null) {
    return {
      lookup: { state: "unverifiable", reason: "The linked account was removed: open the link to see the post." },
      account: null,
    };
  }
  const account: LinkedAccount = {
    identifier: post.identifier,
    accessToken: post.accessToken ? safeDecrypt(deps.tokenCipher, post.accessToken) : null,
  };
  if (post.postId === null) return { lookup: { state: "unverifiable", reason: "no post id" }, account };
  try {
    const lookup = await deps.postVerifiers[post.network].lookUp(
      { network: post.network, url: post.url, postId: post.postId },
      account,
    );
    return { lookup, account };
  } catch (error) {
    return {
      lookup: { state: "unavailable", reason: error instanceof Error ? error.message.slice(0, 200) : "failed" },
      account,
    };
  }
}

function safeDecrypt(cipher: TokenCipher, sealed: string): string | null {
  try {
    return cipher.decryptToken(sealed);
  } catch {
    return null;
  }
}

/** Writes a check's outcome: the state, what the network said, and the statistics reading (the initial snapshot). */
async function storeOutcome(db: Db, post: ClaimedPost, outcome: PostCheckOutcome, now: Date): Promise<void> {
  const attempts = post.checkAttempts + 1;
  const retry = outcome.state === "unavailable" && attempts < MAX_CHECK_ATTEMPTS;
  const found = outcome.found;
  await db.transaction(async (tx) => {
    await tx
      .update(deliveredPosts)
      .set({
        checkState: outcome.state,
        checkReason: outcome.reason,
        checkedAt: now,
        checkAttempts: attempts,
        checkDueAt: retry ? new Date(now.getTime() + retryDelayMs(attempts)) : null,
        ...(found
          ? {
              publishedAt: found.publishedAt,
              thumbnailUrl: found.thumbnailUrl,
              views: found.statistics.views,
              likes: found.statistics.likes,
              comments: found.statistics.comments,
              // Read again one day after the delivery (then seven): only a post the network found.
              nextSnapshotKind: "day1" as const,
              nextSnapshotAt: new Date(post.deliveredAt.getTime() + DAY_MS),
            }
          : {}),
      })
      .where(eq(deliveredPosts.id, post.id));
    if (found) {
      await tx
        .insert(postStatisticsSnapshots)
        .values({ deliveredPostId: post.id, kind: "initial", takenAt: now, ...found.statistics })
        .onConflictDoNothing();
    }
  });
}

async function checkClaimed(deps: CheckDeps, posts: ClaimedPost[]): Promise<number> {
  const now = deps.clock.now();
  // The posts of a delivery are asked in parallel: the influencer's answer waits for the slowest, not their sum.
  await Promise.all(
    posts.map(async (post) => {
      const { lookup, account } = await lookUpPost(deps, post);
      // Without an account the look-up is unverifiable already, which the verdict passes through.
      const outcome = judgePost(
        lookup,
        account ?? { identifier: "", accessToken: null },
        post.hiredAt ?? post.deliveredAt,
      );
      await storeOutcome(deps.db, post, outcome, now);
    }),
  );
  return posts.length;
}

/** Checks a delivery's posts now (after its transaction committed); resolves to how many were checked. */
export async function checkDeliveryPosts(deps: CheckDeps, deliveryId: number): Promise<number> {
  return checkClaimed(deps, await claimChecks(deps.db, deps.clock.now(), { deliveryId }));
}

/** The sweep: posts owed a check (pending or unavailable and due), a batch per run. */
export async function sweepPostChecks(deps: CheckDeps, now: Date): Promise<number> {
  return checkClaimed(deps, await claimChecks(deps.db, now, { limit: SWEEP_BATCH }));
}
