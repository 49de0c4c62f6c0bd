import { z } from "zod";
import { namedAccount } from "./account";
import { notificationType } from "./enum-schemas";
import { rowId } from "./ids";
import { MINUTE_MS } from "./time";

/**
 * Notifications (spec section 3: id, type, applicationId, dealId, created, text, file, sender) as both doors
 * deliver them: the tRPC subscription `notifications.stream` (typed, superjson) and the documented WebSocket
 * `/notifications` (plain JSON frames, below). `notifications.list` pages the header's list.
 */

/** A notification's id: the table's bigint identity, within JavaScript's safe integers. */
export const notificationId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/**
 * How long a notification waits before the notification mail sweep may mail it: someone using the site sees it
 * live and marks it seen meanwhile, and is not mailed what they already read. The settings page says it too.
 */
export const NOTIFICATION_MAIL_DELAY_MS = 2 * MINUTE_MS;

/** Notifications per page of the header's list. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
/** At most this many missed notifications are replayed when a stream (re)opens: the newest ones, oldest first. */
export const NOTIFICATIONS_CATCH_UP_LIMIT = 100;
/** At most this many ids in one `seen`. */
export const NOTIFICATIONS_SEEN_MAX_IDS = 100;

const notificationFields = {
  id: notificationId,
  type: notificationType,
  applicationId: z.number().int().nullable(),
  dealId: z.number().int().nullable(),
  /** The deal's title, so a toast can name it without another request. */
  dealTitle: z.string().nullable(),
  text: z.string().nullable(),
  /** A chat file the notification is about; `url` is GET /files/{id}. */
  file: z.object({ id: z.string(), name: z.string(), type: z.string(), url: z.string() }).nullable(),
  /**
   * Who caused it, `name` what the sentence calls them; null for the system (an expiry, an automatic release) or a
   * deleted account.
   */
  sender: namedAccount.nullable(),
  seen: z.boolean(),
};

/** A notification as tRPC carries it (superjson keeps `created` a Date). */
export const notificationView = z.object({ ...notificationFields, created: z.date() });
export type NotificationView = z.infer<typeof notificationView>;

/** The same over the plain WebSocket: `created` as an ISO 8601 string. */
export const notificationJson = z.object({ ...notificationFields, created: z.iso.datetime() });
export type NotificationJson = z.infer<typeof notificationJson>;

export function notificationToJson(notification: NotificationView): NotificationJson {
  return { ...notification, created: notification.created.toISOString() };
}

/**
 * `notifications.stream`: tRPC's tracked events, each event id the notification's id. The client sends back the
 * last id it saw when it reconnects (`lastEventId`), and gets what it missed before the live ones.
 */
export const notificationStreamInput = z
  .object({
    lastEventId: z
      .string()
      .regex(/^\d{1,16}$/)
      .nullish(),
  })
  .optional();
export type NotificationStreamInput = z.infer<typeof notificationStreamInput>;

/** `notifications.list`: newest first; `before` is the last id of the previous page. */
export const notificationListInput = z
  .object({ before: notificationId.optional(), limit: z.number().int().min(1).max(NOTIFICATIONS_PAGE_SIZE).optional() })
  .optional();
export type NotificationListInput = z.infer<typeof notificationListInput>;

export interface NotificationPage {
  items: NotificationView[];
  /** Pass as `before` for the next page; null on the last one. */
  before: number | null;
  /** The caller's unseen notifications, all pages together. */
  unread: number;
}

/** `notifications.seen` and the WebSocket's `{seen: [ids]}` frame: the caller's own notifications to mark seen. */
export const notificationsSeenInput = z.object({
  ids: z.array(notificationId).min(1).max(NOTIFICATIONS_SEEN_MAX_IDS),
});
export type NotificationsSeenInput = z.infer<typeof notificationsSeenInput>;

export interface NotificationSeenResult {
  /** How many were newly marked; 0 for an impersonating admin (spec section 6: nothing changes). */
  marked: number;
  unread: number;
}

/**
 * `notifications.seeApplication`: the application page, while visible, marks the caller's notifications about it
 * seen (what the page shows is read).
 */
export const seeApplicationInput = z.object({ applicationId: rowId });
export type SeeApplicationInput = z.infer<typeof seeApplicationInput>;

/**
 * An event of `notifications.seenChanges`: some of the caller's notifications were marked seen (from any tab or
 * device), so every open screen counting unseen ones reads them again; `unread` is the caller's count after it.
 */
export interface NotificationSeenChange {
  unread: number;
}

// The WebSocket /notifications door (docs/api.md).

/** Largest frame a client may send, in bytes; the server closes the socket on a larger one (1009). */
export const NOTIFICATIONS_WS_MAX_FRAME_BYTES = 4_096;
/** Frames a client may send per window; more get a rate_limited error frame and are dropped. */
export const NOTIFICATIONS_WS_RATE = { frames: 20, windowMs: 10_000 } as const;

/** What a client sends: `{"seen": [ids]}`. */
export const notificationClientFrame = z.strictObject({ seen: notificationsSeenInput.shape.ids });
export type NotificationClientFrame = z.infer<typeof notificationClientFrame>;

/**
 * What the server sends: `ready` first, once the socket listens (anything committed from then on reaches it), then
 * notifications (what was missed after `lastEventId` first), answers to seen frames, and errors with their reason.
 */
export type NotificationServerFrame =
  | { ready: true }
  | { notification: NotificationJson }
  | { seen: number[]; marked: number; unread: number }
  | { error: "invalid" | "rate_limited" | "generic"; status: 400 | 429 | 500; message: string }
  /** A seen frame on a socket opened with an API key that may read the notifications but not mark them. */
  | { error: "scope"; status: 403; message: string };
