import {
  notificationListInput,
  notificationStreamInput,
  notificationsSeenInput,
  seeApplicationInput,
} from "@market/contracts";
import { tracked } from "@trpc/server";
import { listNotifications } from "../../services/notifications/list-notifications";
import { notificationsSeen, seeApplication } from "../../services/notifications/mark-seen";
import { seenChanges } from "../../services/notifications/seen-changes";
import { notificationStream } from "../../services/notifications/stream";
import { router, signedInProcedure } from "../../trpc";

/**
 * The caller's notifications (spec sections 3, 6 and 7): the header's list, mark-seen, and the live stream the
 * web app subscribes to over its WebSocket link (the same stream as the WebSocket /notifications).
 */
export const notificationsRouter = router({
  /** Newest first, a page at a time, with the unread count. */
  list: signedInProcedure
    .input(notificationListInput)
    .query(({ ctx, input }) => listNotifications(ctx, ctx.viewer, input)),
  /** Marks the caller's own notifications seen; an impersonating admin changes nothing. */
  seen: signedInProcedure
    .input(notificationsSeenInput)
    .mutation(({ ctx, input }) => notificationsSeen(ctx, ctx.viewer, input)),
  /** Marks the caller's notifications about one of their applications seen: its page is open and visible. */
  seeApplication: signedInProcedure
    .input(seeApplicationInput)
    .mutation(({ ctx, input }) => seeApplication(ctx, ctx.viewer, input)),
  /** An event with the unread count each time some of the caller's notifications are marked seen, anywhere. */
  seenChanges: signedInProcedure.subscription(({ ctx, signal }) => seenChanges(ctx, ctx.viewer, signal)),
  /**
   * Tracked events, each id the notification's: on reconnect the client sends back the last one as
   * `lastEventId` and gets what it missed first, then the live ones.
   */
  stream: signedInProcedure.input(notificationStreamInput).subscription(async function* ({ ctx, input, signal }) {
    const afterId = input?.lastEventId ? Number(input.lastEventId) : null;
    for await (const notification of notificationStream(ctx, ctx.viewer, afterId, signal)) {
      yield tracked(String(notification.id), notification);
    }
  }),
});
