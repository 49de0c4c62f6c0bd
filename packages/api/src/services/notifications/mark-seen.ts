import type { NotificationSeenInput, NotificationSeenResult } from "@market/contracts";
import { and, type Db, eq, inArray, isNull, notifications } from "@market/db";
import type { Clock } from "../../clock";
import type { Viewer } from "../auth/sessions";
import { mayMarkSeen } from "./may-mark-seen";
import { unreadCount } from "./read";

/**
 * Marks the caller's own notifications of these ids seen (others' ids and ones seen already are left alone).
 * An admin acting as the user changes nothing (spec section 6) and is told so by `marked: 0`.
 */
export async function markNotificationsSeen(
  deps: { db: Db; clock: Clock },
  viewer: Viewer,
  input: NotificationSeenInput,
): Promise<NotificationSeenResult> {
  if (!mayMarkSeen(viewer)) return { marked: 0, unread: await unreadCount(deps.db, viewer.userId) };
  return deps.db.transaction(async (tx) => {
    const marked = await tx
      .update(notifications)
      .set({ seenAt: deps.clock.now() })
      .where(
        and(
          eq(notifications.userId, viewer.userId),
          inArray(notifications.id, input.ids),
          isNull(notifications.seenAt),
        ),
      )
      .returning({ id: notifications.id });
    return { marked: marked.length, unread: await unreadCount(tx, viewer.userId) };
  });
}
