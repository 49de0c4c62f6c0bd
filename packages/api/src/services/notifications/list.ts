import { NOTIFICATIONS_PAGE_SIZE, type NotificationListInput, type NotificationPage } from "@market/contracts";
import type { Db } from "@market/db";
import type { Viewer } from "../auth/sessions";
import { notificationsPage, unreadCount } from "./read";

/** The header's list: the caller's notifications, newest first, a page at a time, with the unread count. */
export async function listNotifications(
  deps: { db: Db },
  viewer: Viewer,
  input: NotificationListInput,
): Promise<NotificationPage> {
  const limit = input?.limit ?? NOTIFICATIONS_PAGE_SIZE;
  // One more than the page tells whether an older page exists.
  const rows = await notificationsPage(deps.db, viewer.userId, input?.before, limit + 1);
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return {
    items,
    before: rows.length > limit && last ? last.id : null,
    unread: await unreadCount(deps.db, viewer.userId),
  };
}
