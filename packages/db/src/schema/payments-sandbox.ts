import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgTable, smallint, text } from "drizzle-orm/pg-core";
import { between, createdAt, oneOf, updatedAt } from "./helpers";
import { users } from "./users";

/**
 * The built-in payment sandbox (packages/api/src/services/payments/sandbox), used when Stripe is not configured.
 * Its cards and intents live in the database rather than in memory or in signed tokens: an intent changes state
 * (requires_action, then succeeded or failed once the brand passes the authentication step), a charge must answer
 * the same intent to a retried idempotency key, and a refund must happen once — state that every server instance
 * shares and a restart keeps. Nothing here is a real card: only a test card's brand, last 4 digits and expiry.
 */

/** How a sandbox card behaves when charged (Stripe's test cards, see sandbox/test-cards.ts). */
export const SANDBOX_CARD_BEHAVIOURS = [
  "succeeds",
  "requires_authentication",
  "declined",
  "insufficient_funds",
  "expired_card",
  "incorrect_cvc",
] as const;
export type SandboxCardBehaviour = (typeof SANDBOX_CARD_BEHAVIOURS)[number];

export const SANDBOX_INTENT_STATUSES = ["requires_action", "succeeded", "failed"] as const;
export type SandboxIntentStatus = (typeof SANDBOX_INTENT_STATUSES)[number];

/** A tokenized test card (Stripe: a PaymentMethod pm_…), attached to a customer once saved. */
export const sandboxPaymentMethods = pgTable(
  "sandbox_payment_methods",
  {
    id: text("id").primaryKey(),
    brand: text("brand").notNull(),
    last4: text("last4").notNull(),
    expMonth: smallint("exp_month").notNull(),
    expYear: smallint("exp_year").notNull(),
    behaviour: text("behaviour", { enum: SANDBOX_CARD_BEHAVIOURS }).notNull(),
    /** The customer (a brand) the card was saved for, once a payment asked to save it. */
    customerUserId: integer("customer_user_id").references(() => users.id, { onDelete: "cascade" }),
    /** Who tokenized it: only their payments may use it (null: a token from before this rule, anyone's). */
    createdByUserId: integer("created_by_user_id").references(() => users.id, { onDelete: "cascade" }),
    /**
     * The idempotency key of the charge that used it, once one did: an unsaved card is used once, as Stripe uses
     * a PaymentMethod that no customer holds (a retry of that charge, with its key, may use it again).
     */
    usedByKey: text("used_by_key"),
    createdAt: createdAt(),
  },
  (t) => [
    index("sandbox_payment_methods_customer_idx").on(t.customerUserId),
    index("sandbox_payment_methods_created_by_idx").on(t.createdByUserId),
    check("sandbox_payment_methods_behaviour_check", oneOf(t.behaviour, SANDBOX_CARD_BEHAVIOURS)),
    check("sandbox_payment_methods_exp_month_check", between(t.expMonth, 1, 12)),
    check("sandbox_payment_methods_last4_check", sql`${t.last4} ~ '^[0-9]{4}$'`),
  ],
);

/** A payment intent (Stripe: pi_…); one per idempotency key, as Stripe answers a retried key. */
export const sandboxPaymentIntents = pgTable(
  "sandbox_payment_intents",
  {
    id: text("id").primaryKey(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    paymentMethodId: text("payment_method_id")
      .notNull()
      .references(() => sandboxPaymentMethods.id, { onDelete: "restrict" }),
    status: text("status", { enum: SANDBOX_INTENT_STATUSES }).notNull(),
    /** What the browser's authentication step receives (Stripe: the intent's client_secret). */
    clientSecret: text("client_secret").notNull().unique(),
    /** The customer to save the card for once the intent succeeds (Stripe: setup_future_usage with a customer). */
    saveForUserId: integer("save_for_user_id").references(() => users.id, { onDelete: "set null" }),
    failureCode: text("failure_code"),
    failureMessage: text("failure_message"),
    /**
     * The charge request's metadata (Stripe: the intent's metadata, carried by its events): which application and
     * attempt it pays, so that a webhook finds an attempt whose process died before it recorded the intent id.
     */
    metadata: jsonb("metadata").$type<Record<string, string>>().notNull().default({}),
    refundId: text("refund_id"),
    refundIdempotencyKey: text("refund_idempotency_key").unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("sandbox_payment_intents_payment_method_idx").on(t.paymentMethodId),
    index("sandbox_payment_intents_save_for_user_idx").on(t.saveForUserId),
    check("sandbox_payment_intents_status_check", oneOf(t.status, SANDBOX_INTENT_STATUSES)),
    check("sandbox_payment_intents_amount_check", sql`${t.amountCents} > 0`),
  ],
);

export type SandboxPaymentMethod = typeof sandboxPaymentMethods.$inferSelect;
export type NewSandboxPaymentMethod = typeof sandboxPaymentMethods.$inferInsert;
export type SandboxPaymentIntent = typeof sandboxPaymentIntents.$inferSelect;
