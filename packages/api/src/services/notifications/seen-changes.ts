import type { NotificationSeenChange } from "@market/contracts";
import type { Db } from "@market/db";
import type { Viewer } from "../../viewer";
import type { NotificationHub } from "./hub";
import { unreadCount } from "./read";

/**
 * The caller's seen marks as they happen (the bell, an application page, another tab or device), so each open tab
 * follows at once: one event, with the unread count, per burst of marks, until `signal` aborts. Marks made while
 * an event is read are folded into the next one, so a busy user costs one read at a time.
 */
export async function* seenChanges(
  deps: { db: Db; notificationHub: NotificationHub },
  viewer: Viewer,
  signal: AbortSignal | undefined,
): AsyncGenerator<NotificationSeenChange> {
  let pending = false;
  let wake: (() => void) | undefined;
  const wakeUp = () => {
    wake?.();
    wake = undefined;
  };
  const unwatch = await deps.notificationHub.watchSeen(viewer.userId, () => {
    pending = true;
    wakeUp();
  });
  signal?.addEventListener("abort", wakeUp, { once: true });
  try {
    while (!signal?.aborted) {
      if (!pending) {
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        continue;
      }
      pending = false;
      yield { unread: await unreadCount(deps.db, viewer.userId) };
    }
  } finally {
    signal?.removeEventListener("abort", wakeUp);
    unwatch();
  }
}
