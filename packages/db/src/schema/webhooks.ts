import {
  WEBHOOK_ATTEMPT_ERRORS,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_PAUSE_REASONS,
} from "@market/contracts";
import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { allOf, createdAt, oneOf, tstz } from "./helpers";
import { users } from "./users";

/** Issue 39: a brand's or an influencer's receivers of signed events. */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    events: text("events", { enum: WEBHOOK_EVENT_TYPES }).array().notNull(),
    /** The signing secret, sealed with the token cipher (never stored in clear); shown once when made or rolled. */
    secret: text("secret").notNull(),
    /**
     * The secret before the last roll (sealed too): deliveries carry a second signature with it until
     * previous_secret_expires_at, so a receiver can switch without losing an event.
     */
    previousSecret: text("previous_secret"),
    previousSecretExpiresAt: tstz("previous_secret_expires_at"),
    /** False while paused: no delivery is written or sent for it. */
    enabled: boolean("enabled").notNull().default(true),
    /** Who paused it (the owner, or the sender after failures in a row) and when; null while enabled. */
    pausedReason: text("paused_reason", { enum: WEBHOOK_PAUSE_REASONS }),
    pausedAt: tstz("paused_at"),
    /** Deliveries failed (all their attempts spent) since the last success: WEBHOOK_AUTO_PAUSE_FAILURES pauses it. */
    failuresInARow: integer("failures_in_a_row").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    // An account's endpoints, and the emission's look-up of the endpoints of the accounts an event concerns.
    index("webhook_endpoints_user_idx").on(t.userId),
    check("webhook_endpoints_events_check", allOf(t.events, WEBHOOK_EVENT_TYPES)),
    check("webhook_endpoints_paused_reason_check", oneOf(t.pausedReason, WEBHOOK_PAUSE_REASONS)),
    check(
      "webhook_endpoints_paused_check",
      sql`${t.enabled} = (${t.pausedReason} is null) and (${t.pausedReason} is null) = (${t.pausedAt} is null)`,
    ),
  ],
);

/**
 * One row per (event, endpoint): the payload as signed and sent, and how its attempts went. The row is the queue
 * too: a pending delivery is due at next_attempt_at, claimed by one sender until claimed_until.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    endpointId: integer("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    /** The event's id (evt_…), the same in every endpoint's delivery of it and in a re-sent copy. */
    eventId: text("event_id").notNull(),
    eventType: text("event_type").notNull(),
    /** The JSON body, exactly as sent (its bytes are what the signature covers). */
    payload: text("payload").notNull(),
    status: text("status", { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    /** Due then while pending; null once succeeded or failed. */
    nextAttemptAt: tstz("next_attempt_at"),
    /** A sender holds it until then; a crashed sender's claim lapses. */
    claimedUntil: tstz("claimed_until"),
    lastAttemptAt: tstz("last_attempt_at"),
    lastResponseCode: integer("last_response_code"),
    lastError: text("last_error", { enum: WEBHOOK_ATTEMPT_ERRORS }),
    lastDurationMs: integer("last_duration_ms"),
    createdAt: createdAt(),
  },
  (t) => [
    // An endpoint's log, newest first, keyset-paged by id.
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.id),
    // The sender's queue: only pending rows, by when they are due.
    index("webhook_deliveries_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    check("webhook_deliveries_status_check", oneOf(t.status, WEBHOOK_DELIVERY_STATUSES)),
    check("webhook_deliveries_error_check", oneOf(t.lastError, WEBHOOK_ATTEMPT_ERRORS)),
  ],
);

export type WebhookEndpoint = typeof webhookEndpoints.$inferSelect;
export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;
