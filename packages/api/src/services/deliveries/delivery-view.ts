import {
  type ApplicationDelivery,
  type DeliveredPostView,
  type DeliveryView,
  type NetworkType,
  type PostCheckState,
  type PostKind,
  parsePostUrl,
  postCheckMessage,
  type StatisticsSnapshotKind,
} from "@market/contracts";
import {
  arbitrationRequests,
  contestedPosts,
  type Db,
  deliveredPosts,
  deliveries,
  deliveryFiles,
  files,
  networks,
  type Placeholders,
  postStatisticsSnapshots,
  preparedQuery,
  rawStatement,
  rowsOf,
  type SQL,
  type SQLWrapper,
  sql,
  type Tx,
} from "@market/db";
import { fileUrl } from "../files/picture-url";

/** Image types the chat shows inline (GET /files/{id}?inline=1 decides on the bytes; others stay downloads). */
const PREVIEW_TYPES = new Set(["image/jpeg", "image/png", "image/gif", "image/webp"]);

/** An instant as PostgreSQL's JSON writes it (ISO 8601 with its offset). */
type JsonInstant = string;

/** A delivery as deliveriesJson holds it, newest first: its row, its posts and its files, each in the page's order. */
export interface DeliveryRow {
  id: number;
  deliveredAt: JsonInstant;
  note: string | null;
  contestAt: JsonInstant | null;
  contestText: string | null;
  posts: {
    network: NetworkType;
    url: string;
    postId: string | null;
    checkState: PostCheckState;
    checkReason: string | null;
    checkedAt: JsonInstant | null;
    publishedAt: JsonInstant | null;
    thumbnailUrl: string | null;
    views: number | null;
    likes: number | null;
    comments: number | null;
    accountTitle: string | null;
    accountLink: string | null;
    changesRequested: boolean;
    snapshots: {
      kind: StatisticsSnapshotKind;
      takenAt: JsonInstant;
      views: number | null;
      likes: number | null;
      comments: number | null;
    }[];
  }[];
  files: { id: string; name: string; mime: string; size: number }[];
}

/**
 * SQL: the application's deliveries (issue 37) as one JSON array, newest first, each with its posts (by network:
 * the check's result, the latest statistics, every snapshot oldest first, whether the delivery's contest named it),
 * its files (in the influencer's order) and the brand's contest. A sub-select of the statement that reads the
 * application (`applicationId` its id column), so that the page costs one round trip with its deliveries (issue 33:
 * they were three more, one after another, each waiting its turn for a pool connection under load). Every level is
 * read by an index: deliveries_application_idx, delivered_posts_delivery_network_key, the files' and the
 * snapshots' primary keys, the contested posts' primary key. Both drivers parse the JSON; its instants are text.
 */
export function deliveriesJson(applicationId: SQLWrapper): SQL<DeliveryRow[]> {
  const d = deliveries;
  const p = deliveredPosts;
  const s = postStatisticsSnapshots;
  const f = deliveryFiles;
  return sql<DeliveryRow[]>`(select coalesce(json_agg(json_build_object(
      'id', ${d.id}, 'deliveredAt', ${d.deliveredAt}, 'note', ${d.note},
      'contestAt', ${arbitrationRequests.createdAt}, 'contestText', ${arbitrationRequests.text},
      'posts', (select coalesce(json_agg(json_build_object(
          'network', ${p.networkType}, 'url', ${p.url}, 'postId', ${p.postId},
          'checkState', ${p.checkState}, 'checkReason', ${p.checkReason}, 'checkedAt', ${p.checkedAt},
          'publishedAt', ${p.publishedAt}, 'thumbnailUrl', ${p.thumbnailUrl},
          'views', ${p.views}, 'likes', ${p.likes}, 'comments', ${p.comments},
          'accountTitle', ${networks.title}, 'accountLink', ${networks.link},
          'changesRequested', exists (select 1 from ${contestedPosts}
            where ${contestedPosts.arbitrationRequestId} = ${d.contestRequestId}
              and ${contestedPosts.deliveredPostId} = ${p.id}),
          'snapshots', (select coalesce(json_agg(json_build_object(
              'kind', ${s.kind}, 'takenAt', ${s.takenAt}, 'views', ${s.views}, 'likes', ${s.likes},
              'comments', ${s.comments}) order by ${s.takenAt}), '[]')
            from ${s} where ${s.deliveredPostId} = ${p.id}))
          order by ${p.networkType}), '[]')
        from ${p} left join ${networks} on ${networks.id} = ${p.networkId}
        where ${p.deliveryId} = ${d.id}),
      'files', (select coalesce(json_agg(json_build_object(
          'id', ${files.id}, 'name', ${files.originalName}, 'mime', ${files.contentType}, 'size', ${files.sizeBytes})
          order by ${f.position}), '[]')
        from ${f} join ${files} on ${files.id} = ${f.fileId}
        where ${f.deliveryId} = ${d.id}))
      order by ${d.id} desc), '[]')
    from ${d} left join ${arbitrationRequests} on ${arbitrationRequests.id} = ${d.contestRequestId}
    where ${d.applicationId} = ${applicationId})`;
}

/** The application's deliveries alone (the console's case), one statement: deliveriesJson. */
const deliveriesOf = preparedQuery("application_deliveries", (db, values: Placeholders<{ id: number }>) =>
  rawStatement(db, sql`select ${deliveriesJson(values.id)} as deliveries`),
);

/** The application's deliveries as the page shows them (see toApplicationDelivery); null before any delivery. */
export async function applicationDelivery(db: Db | Tx, applicationId: number): Promise<ApplicationDelivery | null> {
  const [row] = rowsOf<{ deliveries: DeliveryRow[] }>(await deliveriesOf(db, { id: applicationId }));
  return toApplicationDelivery(row?.deliveries ?? []);
}

/**
 * The deliveries read by deliveriesJson as the page shows them: the current one and the earlier ones, each post
 * with its check's message and its kind read again from its URL, each file with its links; null before any.
 */
export function toApplicationDelivery(rows: DeliveryRow[]): ApplicationDelivery | null {
  const [current, ...history] = rows.map(toDeliveryView);
  return current ? { current, history } : null;
}

function toDeliveryView(row: DeliveryRow): DeliveryView {
  const posts = row.posts.map(
    (post): DeliveredPostView => ({
      network: post.network,
      url: post.url,
      kind: kindOf(post.network, post.url),
      postId: post.postId,
      account: post.accountTitle === null ? null : { title: post.accountTitle, link: post.accountLink },
      publishedAt: instantOrNull(post.publishedAt),
      thumbnailUrl: post.thumbnailUrl,
      statistics: { views: post.views, likes: post.likes, comments: post.comments },
      snapshots: post.snapshots.map(({ kind, takenAt, views, likes, comments }) => ({
        kind,
        takenAt: new Date(takenAt),
        views,
        likes,
        comments,
      })),
      check: {
        state: post.checkState,
        message: postCheckMessage(post.checkState, post.network, post.checkReason ?? undefined),
        checkedAt: instantOrNull(post.checkedAt),
      },
      changesRequested: post.changesRequested,
    }),
  );
  return {
    id: row.id,
    deliveredAt: new Date(row.deliveredAt),
    note: row.note,
    posts,
    files: row.files.map((file) => ({
      id: file.id,
      name: file.name,
      mime: file.mime,
      size: file.size,
      url: fileUrl(file.id),
      thumbnailUrl: PREVIEW_TYPES.has(file.mime) ? `${fileUrl(file.id)}?inline=1` : null,
    })),
    changesRequest:
      row.contestAt !== null && row.contestText !== null
        ? {
            at: new Date(row.contestAt),
            text: row.contestText,
            networks: posts.filter((post) => post.changesRequested).map((post) => post.network),
          }
        : null,
  };
}

const instantOrNull = (instant: JsonInstant | null) => (instant === null ? null : new Date(instant));

/** The post's kind, read again from its stored (normalized) URL. */
function kindOf(network: NetworkType, url: string): PostKind {
  const read = parsePostUrl(network, url);
  return read.ok ? read.kind : "post";
}
