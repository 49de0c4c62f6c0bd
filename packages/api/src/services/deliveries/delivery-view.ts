import {
  type ApplicationDelivery,
  type DeliveredPostView,
  type DeliveryView,
  type NetworkType,
  type PostCheckState,
  type PostKind,
  parsePostUrl,
  postCheckMessage,
} from "@market/contracts";
import {
  arbitrationRequests,
  asc,
  contestedPosts,
  type Db,
  deliveredPosts,
  deliveries,
  deliveryFiles,
  desc,
  eq,
  files,
  inArray,
  networks,
  postStatisticsSnapshots,
  type Tx,
} from "@market/db";
import { fileUrl } from "../files/picture-url";

/** Image types the chat shows inline (GET /files/{id}?inline=1 decides on the bytes; others stay downloads). */
const PREVIEW_TYPES = new Set(["image/jpeg", "image/png", "image/gif", "image/webp"]);

/**
 * The application's deliveries as the page shows them (issue 37): the current one and the earlier ones, each with
 * its posts (the check's result, the latest statistics and every snapshot), its files and the brand's request for
 * changes. Five statements whatever the number of deliveries and posts (one per table, by the application's or the
 * deliveries' ids, each over an index); null before any delivery.
 */
export async function applicationDelivery(db: Db | Tx, applicationId: number): Promise<ApplicationDelivery | null> {
  const rows = await db
    .select({
      id: deliveries.id,
      deliveredAt: deliveries.deliveredAt,
      note: deliveries.note,
      contestAt: arbitrationRequests.createdAt,
      contestText: arbitrationRequests.text,
      contestId: arbitrationRequests.id,
    })
    .from(deliveries)
    .leftJoin(arbitrationRequests, eq(arbitrationRequests.id, deliveries.contestRequestId))
    .where(eq(deliveries.applicationId, applicationId))
    .orderBy(desc(deliveries.id));
  if (rows.length === 0) return null;
  const ids = rows.map((row) => row.id);

  const [posts, attached] = await Promise.all([
    db
      .select({
        post: deliveredPosts,
        accountTitle: networks.title,
        accountLink: networks.link,
      })
      .from(deliveredPosts)
      .leftJoin(networks, eq(networks.id, deliveredPosts.networkId))
      .where(inArray(deliveredPosts.deliveryId, ids))
      .orderBy(asc(deliveredPosts.networkType)),
    db
      .select({
        deliveryId: deliveryFiles.deliveryId,
        id: files.id,
        name: files.originalName,
        mime: files.contentType,
        size: files.sizeBytes,
      })
      .from(deliveryFiles)
      .innerJoin(files, eq(files.id, deliveryFiles.fileId))
      .where(inArray(deliveryFiles.deliveryId, ids))
      .orderBy(asc(deliveryFiles.position)),
  ]);
  const postIds = posts.map(({ post }) => post.id);
  const [snapshots, contested] =
    postIds.length === 0
      ? [[], []]
      : await Promise.all([
          db
            .select()
            .from(postStatisticsSnapshots)
            .where(inArray(postStatisticsSnapshots.deliveredPostId, postIds))
            .orderBy(asc(postStatisticsSnapshots.takenAt)),
          db.select().from(contestedPosts).where(inArray(contestedPosts.deliveredPostId, postIds)),
        ]);

  const views: DeliveryView[] = rows.map((row) => {
    const own = posts.filter(({ post }) => post.deliveryId === row.id);
    const named = new Set(
      contested.filter((link) => link.arbitrationRequestId === row.contestId).map((link) => link.deliveredPostId),
    );
    const postViews = own.map(({ post, accountTitle, accountLink }): DeliveredPostView => {
      const state = post.checkState as PostCheckState;
      return {
        network: post.networkType,
        url: post.url,
        kind: kindOf(post.networkType, post.url),
        postId: post.postId,
        account: accountTitle === null ? null : { title: accountTitle, link: accountLink },
        publishedAt: post.publishedAt,
        thumbnailUrl: post.thumbnailUrl,
        statistics: { views: post.views, likes: post.likes, comments: post.comments },
        snapshots: snapshots
          .filter((snapshot) => snapshot.deliveredPostId === post.id)
          .map(({ kind, takenAt, views, likes, comments }) => ({ kind, takenAt, views, likes, comments })),
        check: {
          state,
          message: postCheckMessage(state, post.networkType, post.checkReason ?? undefined),
          checkedAt: post.checkedAt,
        },
        changesRequested: named.has(post.id),
      };
    });
    return {
      id: row.id,
      deliveredAt: row.deliveredAt,
      note: row.note,
      posts: postViews,
      files: attached
        .filter((file) => file.deliveryId === row.id)
        .map((file) => ({
          id: file.id,
          name: file.name,
          mime: file.mime,
          size: file.size,
          url: fileUrl(file.id),
          thumbnailUrl: PREVIEW_TYPES.has(file.mime) ? `${fileUrl(file.id)}?inline=1` : null,
        })),
      changesRequest:
        row.contestAt && row.contestText !== null
          ? {
              at: row.contestAt,
              text: row.contestText,
              networks: postViews.filter((post) => post.changesRequested).map((post) => post.network),
            }
          : null,
    };
  });
  const [current, ...history] = views;
  return current ? { current, history } : null;
}

/** The post's kind, read again from its stored (normalized) URL. */
function kindOf(network: NetworkType, url: string): PostKind {
  const read = parsePostUrl(network, url);
  return read.ok ? read.kind : "post";
}
