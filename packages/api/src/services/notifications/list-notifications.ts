import { NOTIFICATIONS_PAGE_SIZE, type NotificationListInput, type NotificationPage } from "@market/contracts";
import type { Db } from "@market/db";
import type { Viewer } from "../../viewer";
import { notificationsPage, unreadCount } from "./read";

/** The header's list: the caller's notifications, newest first, a page at a time, with the unread count. */
export async function listNotifications(
  deps: { db: Db },
  viewer: Viewer,
  input: NotificationListInput,
): Promise<NotificationPage> {
  const limit = input?.limit ?? NOTIFICATIONS_PAGE_SIZE;
  // One more than the page tells whether an older page exists. The page and the count at once: one wait for the
  // pool's connections under load, not two (issue 33).
  const [rows, unread] = await Promise.all([
    notificationsPage(deps.db, viewer.userId, input?.before, limit + 1),
    unreadCount(deps.db, viewer.userId),
  ]);
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, before: rows.length > limit && last ? last.id : null, unread };
}
