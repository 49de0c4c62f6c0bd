import type { NotificationSeenResult, NotificationsSeenInput, SeeApplicationInput } from "@market/contracts";
import { and, type Db, eq, inArray, isNull, notifications, type SQL, sql, type Tx } from "@market/db";
import type { Clock } from "../../clock";
import type { Viewer } from "../../viewer";
import { applicationOfParty } from "../applications/parties";
import type { UserReadsCache } from "../user-reads-cache";
import { NOTIFICATIONS_SEEN_CHANNEL } from "./channels";
import { mayMarkSeen } from "./may-mark-seen";
import { unreadCount } from "./read";

type Deps = { db: Db; clock: Clock; userReads?: UserReadsCache | undefined };

/**
 * Marks the caller's own notifications of these ids seen (others' ids and ones seen already are left alone).
 * An admin acting as the user changes nothing (spec section 6) and is told so by `marked: 0`.
 */
export function notificationsSeen(
  deps: Deps,
  viewer: Viewer,
  input: NotificationsSeenInput,
): Promise<NotificationSeenResult> {
  return markSeen(deps, viewer, inArray(notifications.id, input.ids));
}

/**
 * Marks the caller's unseen notifications about one application seen: its page is open and visible, so what they
 * tell is on screen. Only the application's two parties may ask (anyone else: not_found, as for an unknown id);
 * an admin acting as one of them changes nothing, as above.
 */
export async function seeApplication(
  deps: Deps,
  viewer: Viewer,
  input: SeeApplicationInput,
): Promise<NotificationSeenResult> {
  await applicationOfParty(deps.db, viewer, input.applicationId);
  return markSeen(deps, viewer, eq(notifications.applicationId, input.applicationId));
}

async function markSeen(deps: Deps, viewer: Viewer, which: SQL): Promise<NotificationSeenResult> {
  if (!mayMarkSeen(viewer)) return { marked: 0, unread: await unreadCount(deps.db, viewer.userId) };
  const result = await deps.db.transaction(async (tx) => {
    const marked = await tx
      .update(notifications)
      .set({ seenAt: deps.clock.now() })
      .where(and(eq(notifications.userId, viewer.userId), which, isNull(notifications.seenAt)))
      .returning({ id: notifications.id });
    if (marked.length > 0) await announceSeen(tx, viewer.userId);
    return { marked: marked.length, unread: await unreadCount(tx, viewer.userId) };
  });
  // Before the answer, whichever transport asked (the socket's frames are no procedure): the user's lists count
  // unseen notifications, and the NOTIFY that forgets them may come after their next read here.
  if (result.marked > 0) deps.userReads?.forgetUsers([viewer.userId]);
  return result;
}

/** Tells every instance, at commit, that this user's unseen notifications changed (their open tabs follow). */
async function announceSeen(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`select pg_notify(${NOTIFICATIONS_SEEN_CHANNEL}, ${String(userId)})`);
}
