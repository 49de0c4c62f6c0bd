import { NOTIFICATIONS_CATCH_UP_LIMIT, type NotificationView } from "@market/contracts";
import type { Db } from "@market/db";
import type { Viewer } from "../../viewer";
import type { NotificationHub } from "./hub";
import { lastNotificationId, notificationsAfter } from "./read";

/**
 * The caller's notifications as one stream, for both doors (the tRPC subscription and the WebSocket
 * /notifications): first those numbered above `afterId` (the last one the client saw; the newest
 * NOTIFICATIONS_CATCH_UP_LIMIT when more were missed), then the live ones, each once, in id order, until `signal`
 * aborts. Without `afterId` only what comes after the stream opened. The live subscription opens before the
 * catch-up is read, so nothing committed in between falls through; what both deliver is sent once.
 */
export async function* notificationStream(
  deps: { db: Db; notificationHub: NotificationHub },
  viewer: Viewer,
  afterId: number | null,
  signal: AbortSignal | undefined,
  /** Called once the stream listens: anything committed from then on reaches it. */
  onListening?: () => void,
): AsyncGenerator<NotificationView> {
  const queue: NotificationView[] = [];
  let wake: (() => void) | undefined;
  const wakeUp = () => {
    wake?.();
    wake = undefined;
  };
  const unsubscribe = await deps.notificationHub.subscribe(viewer.userId, (notification) => {
    queue.push(notification);
    wakeUp();
  });
  signal?.addEventListener("abort", wakeUp, { once: true });
  try {
    let lastSent = afterId ?? (await lastNotificationId(deps.db, viewer.userId));
    onListening?.();
    if (afterId !== null) {
      for (const notification of await notificationsAfter(
        deps.db,
        viewer.userId,
        afterId,
        NOTIFICATIONS_CATCH_UP_LIMIT,
      )) {
        lastSent = notification.id;
        yield notification;
      }
    }
    while (!signal?.aborted) {
      const notification = queue.shift();
      if (!notification) {
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        continue;
      }
      // Each user's ids commit in increasing order (notify.ts), so anything not above the last sent was sent.
      if (notification.id <= lastSent) continue;
      lastSent = notification.id;
      yield notification;
    }
  } finally {
    signal?.removeEventListener("abort", wakeUp);
    unsubscribe();
  }
}
