import { sql } from "drizzle-orm";
import { bigint, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, tstz } from "./helpers";

/**
 * Outbox of e-mails: written in the transaction that decides to send, delivered by a worker, so a
 * rolled-back action never mails and a mailer outage loses nothing.
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
    sentAt: tstz("sent_at"),
    error: text("error"),
  },
  (t) => [index("outgoing_mail_pending_idx").on(t.createdAt).where(sql`${t.sentAt} is null`)],
);

export type OutgoingMail = typeof outgoingMail.$inferSelect;
export type NewOutgoingMail = typeof outgoingMail.$inferInsert;
