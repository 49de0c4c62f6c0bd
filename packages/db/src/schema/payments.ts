import { NETWORK_TYPES } from "@market/contracts";
import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { applications } from "./applications";
import { allOf, between, createdAt, oneOf, tstz, updatedAt } from "./helpers";
import { users } from "./users";

/** The payment gateway adapters: Stripe, or the built-in sandbox when Stripe is not configured. */
export const PAYMENT_PROVIDERS = ["stripe", "sandbox"] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** Mirrors the PaymentIntent states the accept flow cares about. */
export const PAYMENT_ATTEMPT_STATUSES = ["pending", "requires_action", "succeeded", "failed", "canceled"] as const;
export type PaymentAttemptStatus = (typeof PAYMENT_ATTEMPT_STATUSES)[number];

/** A brand's remembered card: only the provider's references and what the checkout shows. */
export const savedCards = pgTable(
  "saved_cards",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: PAYMENT_PROVIDERS }).notNull(),
    providerCustomerId: text("provider_customer_id").notNull(),
    providerPaymentMethodId: text("provider_payment_method_id").notNull(),
    /** Card brand, e.g. visa (spec: Card.type). */
    brand: text("brand").notNull(),
    last4: text("last4").notNull(),
    expMonth: smallint("exp_month").notNull(),
    expYear: smallint("exp_year").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("saved_cards_provider_check", oneOf(t.provider, PAYMENT_PROVIDERS)),
    check("saved_cards_exp_month_check", between(t.expMonth, 1, 12)),
    check("saved_cards_last4_check", sql`${t.last4} ~ '^[0-9]{4}$'`),
  ],
);

/**
 * Each try to charge the brand for an application. The idempotency key (application + attempt) is sent
 * to the provider, so a retried request never charges twice.
 */
export const paymentAttempts = pgTable(
  "payment_attempts",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    applicationId: integer("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "restrict" }),
    attempt: smallint("attempt").notNull(),
    provider: text("provider", { enum: PAYMENT_PROVIDERS }).notNull(),
    providerIntentId: text("provider_intent_id"),
    status: text("status", { enum: PAYMENT_ATTEMPT_STATUSES }).notNull().default("pending"),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    /**
     * The terms the brand paid for, so that whoever completes the payment (accept's second call after the card's
     * authentication, or the provider's webhook when the browser went away) hires exactly them: the ticked
     * networks and the fee percents of the moment (amountCents is B for these).
     */
    networks: text("networks", { enum: NETWORK_TYPES }).array().notNull(),
    feeBrandPercent: numeric("fee_brand_percent", { precision: 5, scale: 2, mode: "number" }).notNull(),
    feeInfluencerPercent: numeric("fee_influencer_percent", { precision: 5, scale: 2, mode: "number" }).notNull(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    error: text("error"),
    /**
     * A charge that succeeded after its application moved on (declined, expired, hired through another attempt,
     * its price changed) is given back: the attempt is canceled first, then refunded; null while the refund is
     * still owed (the provider was unreachable), which the next delivery of the event retries.
     */
    providerRefundId: text("provider_refund_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("payment_attempts_application_attempt_key").on(t.applicationId, t.attempt),
    // Webhooks find the attempt by the provider's intent id.
    uniqueIndex("payment_attempts_provider_intent_key")
      .on(t.provider, t.providerIntentId)
      .where(sql`${t.providerIntentId} is not null`),
    index("payment_attempts_status_idx").on(t.status, t.createdAt),
    check("payment_attempts_provider_check", oneOf(t.provider, PAYMENT_PROVIDERS)),
    check("payment_attempts_status_check", oneOf(t.status, PAYMENT_ATTEMPT_STATUSES)),
    check("payment_attempts_amount_check", sql`${t.amountCents} > 0`),
    check("payment_attempts_networks_check", allOf(t.networks, NETWORK_TYPES)),
    check(
      "payment_attempts_fees_check",
      sql`${t.feeBrandPercent} between 0 and 100 and ${t.feeInfluencerPercent} between 0 and 100`,
    ),
  ],
);

/** Webhook events already handled; inserting first makes a replayed event a no-op. */
export const processedWebhookEvents = pgTable(
  "processed_webhook_events",
  {
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    receivedAt: tstz("received_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

export type SavedCard = typeof savedCards.$inferSelect;
export type NewSavedCard = typeof savedCards.$inferInsert;
export type PaymentAttempt = typeof paymentAttempts.$inferSelect;
export type NewPaymentAttempt = typeof paymentAttempts.$inferInsert;
