import { sql } from "drizzle-orm";
import { bigint, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, tstz } from "./helpers";

/**
 * Outbox of e-mails: a mail is written (queued) in the transaction of the write that causes it and delivered by a
 * job (services/mail/deliver-mail.ts), so a rolled-back action never mails and a mailer outage loses nothing.
 *
 * A queued mail has next_attempt_at (when the embedded runner's pass may take it); a delivery claims it for a while
 * (claimed_until, so two instances never deliver it both); it ends sent (sent_at) or, its attempts spent, failed
 * (failed_at, with the last error). Both ends clear next_attempt_at, so the due index holds only waiting mails.
 */
export const outgoingMail = pgTable(
  "outgoing_mail",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    attempts: integer("attempts").notNull().default(0),
    createdAt: createdAt(),
    /** When it may be tried next; null once sent or failed. */
    nextAttemptAt: tstz("next_attempt_at"),
    /** A delivery under way holds the mail until then (longer than the SMTP adapter's slowest attempt). */
    claimedUntil: tstz("claimed_until"),
    sentAt: tstz("sent_at"),
    /** Its attempts spent: given up, `error` says why. */
    failedAt: tstz("failed_at"),
    error: text("error"),
  },
  (t) => [index("outgoing_mail_due_idx").on(t.nextAttemptAt).where(sql`${t.nextAttemptAt} is not null`)],
);

export type OutgoingMail = typeof outgoingMail.$inferSelect;
export type NewOutgoingMail = typeof outgoingMail.$inferInsert;
