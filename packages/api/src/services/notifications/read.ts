import type { NotificationView } from "@market/contracts";
import {
  and,
  asc,
  brandProfiles,
  count,
  type Db,
  deals,
  desc,
  eq,
  files,
  gt,
  inArray,
  isNull,
  lt,
  notifications,
  type Placeholders,
  preparedQuery,
  type Tx,
  users,
} from "@market/db";
import { namedAccountColumns } from "../account/account-name";
import { fileUrl, pictureUrl } from "../files/picture-url";

/**
 * Notifications with what a client shows of them: the deal's title, the sender as named to people (its brand profile
 * by primary key), the file.
 */
function viewQuery(db: Db | Tx) {
  return db
    .select({
      id: notifications.id,
      type: notifications.type,
      applicationId: notifications.applicationId,
      dealId: notifications.dealId,
      dealTitle: deals.title,
      created: notifications.createdAt,
      text: notifications.text,
      seenAt: notifications.seenAt,
      userId: notifications.userId,
      sender: namedAccountColumns,
      file: { id: files.id, name: files.originalName, type: files.contentType },
    })
    .from(notifications)
    .leftJoin(deals, eq(deals.id, notifications.dealId))
    .leftJoin(users, eq(users.id, notifications.senderId))
    .leftJoin(brandProfiles, eq(brandProfiles.userId, users.id))
    .leftJoin(files, eq(files.id, notifications.fileId))
    .$dynamic();
}

type ViewRow = Awaited<ReturnType<ReturnType<typeof viewQuery>["execute"]>>[number];

/** A row read by one of the queries below, with the user it is for (who the fan-out hands it to). */
export interface AddressedNotification {
  userId: number;
  view: NotificationView;
}

function toView(row: ViewRow): AddressedNotification {
  return {
    userId: row.userId,
    view: {
      id: row.id,
      type: row.type,
      applicationId: row.applicationId,
      dealId: row.dealId,
      dealTitle: row.dealTitle,
      created: row.created,
      text: row.text,
      file: row.file && { ...row.file, url: fileUrl(row.file.id) },
      sender: row.sender && { ...row.sender, picture: pictureUrl(row.sender.picture) },
      seen: row.seenAt !== null,
    },
  };
}

/**
 * The notifications of these ids, oldest first: the fan-out's read, by primary key. The hub keeps those of the
 * users connected to it, which is cheaper than sending the database every connected user's id.
 */
export async function notificationsByIds(db: Db, ids: number[]): Promise<AddressedNotification[]> {
  if (ids.length === 0) return [];
  const rows = await viewQuery(db).where(inArray(notifications.id, ids)).orderBy(asc(notifications.id));
  return rows.map(toView);
}

/**
 * A user's notifications numbered above `afterId`, at most `limit`: the newest ones when more are missed, returned
 * oldest first. Keyset on notifications_user_id_idx (user_id, id).
 */
export async function notificationsAfter(
  db: Db,
  userId: number,
  afterId: number,
  limit: number,
): Promise<NotificationView[]> {
  const rows = await viewQuery(db)
    .where(and(eq(notifications.userId, userId), gt(notifications.id, afterId)))
    .orderBy(desc(notifications.id))
    .limit(limit);
  return rows.reverse().map((row) => toView(row).view);
}

/** The newest page of a user's notifications (notifications_user_id_idx), built once. */
const newestPage = preparedQuery(
  "notifications_newest",
  (db, values: Placeholders<{ userId: number; limit: number }>) =>
    viewQuery(db).where(eq(notifications.userId, values.userId)).orderBy(desc(notifications.id)).limit(values.limit),
);

/** The page before the id `before`, built once. */
const pageBefore = preparedQuery(
  "notifications_before",
  (db, values: Placeholders<{ userId: number; before: number; limit: number }>) =>
    viewQuery(db)
      .where(and(eq(notifications.userId, values.userId), lt(notifications.id, values.before)))
      .orderBy(desc(notifications.id))
      .limit(values.limit),
);

/** One page of a user's notifications, newest first, before the id `before` when given. */
export async function notificationsPage(
  db: Db,
  userId: number,
  before: number | undefined,
  limit: number,
): Promise<NotificationView[]> {
  const rows =
    before === undefined ? await newestPage(db, { userId, limit }) : await pageBefore(db, { userId, before, limit });
  return rows.map((row) => toView(row).view);
}

/** The highest id of a user's notifications, 0 when none: where a stream without lastEventId starts. */
export async function lastNotificationId(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.id))
    .limit(1);
  return row?.id ?? 0;
}

/** A user's unseen notifications (notifications_user_seen_created_idx), built once. */
const unread = preparedQuery("notifications_unread", (db, values: Placeholders<{ userId: number }>) =>
  db
    .select({ unread: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, values.userId), isNull(notifications.seenAt))),
);

export async function unreadCount(db: Db | Tx, userId: number): Promise<number> {
  const [row] = await unread(db, { userId });
  return row?.unread ?? 0;
}
