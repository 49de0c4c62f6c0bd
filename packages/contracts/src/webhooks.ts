import { z } from "zod";
import { rowId } from "./ids";
import { DAY_MS, HOUR_MS, MINUTE_MS, SECOND_MS } from "./time";

/** What an endpoint may subscribe to (issue 39, docs/api.md "Webhooks"). */
export const WEBHOOK_EVENT_TYPES = [
  "application.created",
  "application.updated",
  "application.hired",
  "application.work_done",
  "application.released",
  "application.refunded",
  "message.received",
  "payout.paid",
  "payout.failed",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The test event ("send test"): delivered to the one endpoint asked, whatever it subscribed to. */
export const WEBHOOK_PING_EVENT = "ping";
export type WebhookPayloadType = WebhookEventType | typeof WEBHOOK_PING_EVENT;

/** Endpoints one account may have at once. */
export const MAX_WEBHOOK_ENDPOINTS = 10;
export const MAX_WEBHOOK_URL_LENGTH = 2048;

/**
 * The pause after each failed attempt (Stripe-like): 10 attempts over about three days (1 min, 5 min, 30 min,
 * 2 h, 5 h, 10 h, 14 h, 20 h, 20 h: 71 h 36 min after the first). After the last one the delivery is failed.
 */
export const WEBHOOK_RETRY_DELAYS_MS = [
  MINUTE_MS,
  5 * MINUTE_MS,
  30 * MINUTE_MS,
  2 * HOUR_MS,
  5 * HOUR_MS,
  10 * HOUR_MS,
  14 * HOUR_MS,
  20 * HOUR_MS,
  20 * HOUR_MS,
] as const;
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_MS.length + 1;
/** A receiver has this long to answer (connect, send, headers and the body's first bytes). */
export const WEBHOOK_TIMEOUT_MS = 5 * SECOND_MS;
/** At most this much of a receiver's answer is read (and kept, for the log). */
export const WEBHOOK_RESPONSE_MAX_BYTES = 4096;
/** Header of the signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export const WEBHOOK_SIGNATURE_HEADER = "Market-Signature";

export const WEBHOOK_DELIVERY_STATUSES = ["pending", "succeeded", "failed"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** Why an attempt got no answer, beside an HTTP status that was not 2xx. */
export const WEBHOOK_ATTEMPT_ERRORS = ["timeout", "connection", "refused_address", "redirect", "bad_status"] as const;
export type WebhookAttemptError = (typeof WEBHOOK_ATTEMPT_ERRORS)[number];

/**
 * A receiver's URL: absolute http(s), no user or password in it (they would be sent in clear to a log), no
 * fragment. Whether http and private addresses are allowed is the server's to decide (a test server only).
 */
export const webhookUrl = z
  .string()
  .trim()
  .min(1)
  .max(MAX_WEBHOOK_URL_LENGTH)
  .superRefine((value, ctx) => {
    const problem = webhookUrlProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

/** Why a URL cannot be a receiver's, or null. */
export function webhookUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "must be an absolute URL";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return "must start with https://";
  if (url.username || url.password) return "must not carry a user name or password";
  if (url.hash) return "must not have a fragment (#)";
  if (!url.hostname) return "must name a host";
  return null;
}

export const createWebhookInput = z.object({
  url: webhookUrl,
  events: z
    .array(z.enum(WEBHOOK_EVENT_TYPES))
    .min(1, "choose at least one event")
    .max(WEBHOOK_EVENT_TYPES.length)
    .refine((events) => new Set(events).size === events.length, "each event once"),
});
export type CreateWebhookInput = z.input<typeof createWebhookInput>;

export const webhookIdInput = z.object({ id: rowId });
export type WebhookIdInput = z.input<typeof webhookIdInput>;

/** After a roll, deliveries are signed with the old secret too for this long unless the roll says otherwise. */
export const WEBHOOK_ROLL_DEFAULT_MINUTES = (24 * HOUR_MS) / MINUTE_MS;
/** The longest the old secret may keep signing: a week, as an API key's roll. */
export const WEBHOOK_ROLL_MAX_MINUTES = (7 * DAY_MS) / MINUTE_MS;

/** POST /api/webhooks/{id}/roll-secret: a new secret, the old one still signing for a while (0: ends at once). */
export const rollWebhookSecretInput = z.object({
  id: rowId,
  oldSecretExpiresInMinutes: z
    .number()
    .int()
    .min(0)
    .max(WEBHOOK_ROLL_MAX_MINUTES)
    .default(WEBHOOK_ROLL_DEFAULT_MINUTES),
});
export type RollWebhookSecretInput = z.input<typeof rollWebhookSecretInput>;

/**
 * Why an endpoint gets no deliveries: its owner paused it, or the sender did after WEBHOOK_AUTO_PAUSE_FAILURES
 * deliveries in a row failed (each after its three days of attempts). Events while paused are not recorded.
 */
export const WEBHOOK_PAUSE_REASONS = ["owner", "failing"] as const;
export type WebhookPauseReason = (typeof WEBHOOK_PAUSE_REASONS)[number];
/** Deliveries that failed in a row (no success between them) before the endpoint is paused. */
export const WEBHOOK_AUTO_PAUSE_FAILURES = 3;

/** A delivery's id: deliveries are many (a bigint column), so a larger range than a row id's. */
export const webhookDeliveryId = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^[1-9]\d{0,14}$/)
      .transform(Number),
  ])
  .pipe(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));

export const webhookDeliveryIdInput = z.object({ id: webhookDeliveryId });
export type WebhookDeliveryIdInput = z.input<typeof webhookDeliveryIdInput>;

export const WEBHOOK_DELIVERIES_PAGE_SIZE = 20;

/** GET /api/webhooks/{id}/deliveries: newest first; `cursor` is the previous page's nextCursor. */
export const webhookDeliveriesInput = z.object({
  id: rowId,
  cursor: z
    .string()
    .regex(/^[1-9]\d{0,14}$/)
    .optional(),
});
export type WebhookDeliveriesInput = z.input<typeof webhookDeliveriesInput>;

export interface WebhookEndpointView {
  id: number;
  url: string;
  events: WebhookEventType[];
  enabled: boolean;
  /** Null while enabled. */
  pausedReason: WebhookPauseReason | null;
  pausedAt: string | null;
  /** Until then deliveries also carry a signature with the secret before the last roll; null when none. */
  previousSecretExpiresAt: string | null;
  createdAt: string;
  /** The last delivery's outcome, for the list. */
  lastDelivery: { status: WebhookDeliveryStatus; responseCode: number | null; at: string } | null;
}

/** The answer of a creation or a roll: the only time the secret is shown. */
export interface WebhookWithSecret {
  endpoint: WebhookEndpointView;
  secret: string;
}

export interface WebhookDeliveryView {
  id: number;
  eventId: string;
  eventType: WebhookPayloadType;
  status: WebhookDeliveryStatus;
  attempts: number;
  /** When the next attempt is due; null once succeeded or failed. */
  nextAttemptAt: string | null;
  lastAttemptAt: string | null;
  responseCode: number | null;
  error: WebhookAttemptError | null;
  durationMs: number | null;
  createdAt: string;
  /** The JSON sent, as sent. */
  payload: string;
}

export interface WebhookDeliveryPage {
  items: WebhookDeliveryView[];
  nextCursor: string | null;
}

/** Each event's payload: its id, type, creation (unix seconds) and the object it is about. */
export interface WebhookPayload {
  id: string;
  type: WebhookPayloadType;
  created: number;
  data: Record<string, unknown>;
}
