import { PAYOUT_FAILURE_REASONS, PAYOUT_METHODS, PAYOUT_PROVIDER_NAMES, PAYOUT_STATUSES } from "@market/contracts";
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { oneOf, tstz, updatedAt } from "./helpers";
import { users } from "./users";

/** Withdrawals requested by influencers; shown as processing until release_date is set. */
export const payouts = pgTable(
  "payouts",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    method: text("method", { enum: PAYOUT_METHODS }).notNull(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    email: text("email").notNull(),
    /** Required for transferwise only. */
    accountOwnerName: text("account_owner_name"),
    status: text("status", { enum: PAYOUT_STATUSES }).notNull().default("processing"),
    requestedAt: tstz("requested_at").notNull().defaultNow(),
    releaseDate: tstz("release_date"),
    updatedAt: updatedAt(),
    /** When the provider accepted it (the tracker's "sent" step); null while only requested. */
    sentAt: tstz("sent_at"),
    /** The provider's id of the transfer or batch, for polling its outcome. */
    providerReference: text("provider_reference"),
    failedAt: tstz("failed_at"),
    failureReason: text("failure_reason", { enum: PAYOUT_FAILURE_REASONS }),
    /** The provider's own words, when it gave some. */
    failureMessage: text("failure_message"),
    /** The failed payout this one retries; unique, so a failed payout is retried once even when asked twice. */
    retryOfPayoutId: integer("retry_of_payout_id").references((): AnyPgColumn => payouts.id, { onDelete: "restrict" }),
    /** The worker's next look at it (send, or poll the outcome); null once paid or failed. */
    nextAttemptAt: tstz("next_attempt_at"),
    /** A worker instance holds it until then; a crashed instance's claim simply lapses. */
    claimedUntil: tstz("claimed_until"),
    /** Sends or polls that failed for want of an answer (network, provider down); backs off. */
    attempts: integer("attempts").notNull().default(0),
    /**
     * What the provider made for this payout before it was sent (Wise: the quote and the recipient), written as
     * each is made, so that a send tried again after an error reuses them instead of making new ones.
     */
    providerState: jsonb("provider_state").$type<Record<string, unknown>>(),
    /**
     * transferwise, paid by bank transfer: the receiving US bank account (routing and account number, type,
     * address), as JSON sealed with the token cipher; null for a payout to an email recipient or by paypal.
     */
    bankAccount: text("bank_account"),
    /** The same account as the tracker names it, without its number ("Checking account ending in 6789"). */
    bankAccountSummary: text("bank_account_summary"),
    /**
     * Why the payout waits for the platform's operator (Wise asked for strong customer authentication to fund
     * it): the tracker shows it; the worker keeps following the transfer and clears it once funded.
     */
    holdReason: text("hold_reason"),
    /**
     * A paid payout whose provider may still return the money (Wise: a bounce after outgoing_payment_sent) is
     * followed until then; null when not followed. A bounce fails it and returns the money (settle.ts).
     */
    watchUntil: tstz("watch_until"),
    /**
     * Who pays it (the console's provider, whose expected time says when a sent payout is stuck): the sandbox when
     * its reference says so ("sandbox:..."), else the method's rail. Generated, so it is written with the row and
     * again when the worker records the reference it sent under, and was filled for the existing rows when added;
     * the one definition, no writer can forget it.
     */
    provider: text("provider", { enum: PAYOUT_PROVIDER_NAMES })
      .notNull()
      .generatedAlwaysAs(
        sql`case when provider_reference like 'sandbox:%' then 'sandbox' when method = 'transferwise' then 'wise' else 'paypal' end`,
      ),
  },
  (t) => [
    index("payouts_user_requested_idx").on(t.userId, t.requestedAt),
    index("payouts_status_idx").on(t.status, t.requestedAt),
    // The worker's queue: payouts still processing, and paid ones still watched for a bounce, by when they are due.
    index("payouts_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'processing' or ${t.watchUntil} is not null`),
    // The console's dashboard (issue 36): the payouts whose outcome came in a period (failure rate), and the queue's
    // count of failed payouts and of processing ones sent long ago (stuck).
    index("payouts_failed_at_idx").on(t.failedAt).where(sql`${t.failedAt} is not null`),
    index("payouts_release_date_idx").on(t.releaseDate).where(sql`${t.releaseDate} is not null`),
    uniqueIndex("payouts_retry_of_idx").on(t.retryOfPayoutId),
    // The console's payouts queue (issue 36), oldest first by (since, id): failed ones by when they failed, held and
    // stuck ones (sent, still processing) by when they were sent. Partial: the queue's rows are few among all.
    index("payouts_console_failed_idx").on(t.failedAt, t.id).where(sql`${t.status} = 'failed'`),
    index("payouts_console_sent_idx")
      .on(t.sentAt, t.id)
      .where(sql`${t.status} = 'processing' and ${t.sentAt} is not null`),
    // The stuck payouts (sent, processing, not held) per provider by when they were sent: each provider's stuck ones
    // (sent before its own expected time) are one range of it, in the queue's order.
    index("payouts_console_stuck_idx")
      .on(t.provider, t.sentAt, t.id)
      .where(sql`${t.status} = 'processing' and ${t.sentAt} is not null and ${t.holdReason} is null`),
    check("payouts_method_check", oneOf(t.method, PAYOUT_METHODS)),
    check("payouts_failure_reason_check", oneOf(t.failureReason, PAYOUT_FAILURE_REASONS)),
    check("payouts_status_check", oneOf(t.status, PAYOUT_STATUSES)),
    check("payouts_amount_check", sql`${t.amountCents} > 0`),
    check(
      "payouts_account_owner_check",
      sql`${t.method} <> 'transferwise' or coalesce(btrim(${t.accountOwnerName}), '') <> ''`,
    ),
  ],
);

export type Payout = typeof payouts.$inferSelect;
export type NewPayout = typeof payouts.$inferInsert;
