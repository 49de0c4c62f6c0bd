import { type Db, eq, outgoingMail, sql } from "@market/db";
import type { Clock } from "../../clock";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** The mail port: the sandbox outbox by default, SMTP when configured (smtp-mailer.ts). */
export interface Mailer {
  /** Resolves once the mail is delivered (or, for the sandbox, recorded); rejects with MailDeliveryError. */
  send(mail: MailMessage): Promise<void>;
}

export class MailDeliveryError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "MailDeliveryError";
  }
}

/** Just enough of pino's logger for the adapters. */
export interface MailLog {
  info(details: object, message: string): void;
}

/** Writes a row of outgoing_mail; returns its id. */
export async function recordMail(db: Db, mail: MailMessage, sentAt: Date | null, createdAt: Date): Promise<number> {
  const [row] = await db
    .insert(outgoingMail)
    .values({
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? null,
      createdAt,
      sentAt,
      attempts: sentAt ? 1 : 0,
    })
    .returning({ id: outgoingMail.id });
  if (!row) throw new Error("outgoing mail not recorded");
  return row.id;
}

/** Records the outcome of one delivery attempt. */
export async function recordAttempt(db: Db, id: number, outcome: { sentAt: Date } | { error: string }): Promise<void> {
  await db
    .update(outgoingMail)
    .set({
      attempts: sql`${outgoingMail.attempts} + 1`,
      ...("sentAt" in outcome ? { sentAt: outcome.sentAt, error: null } : { error: outcome.error.slice(0, 1000) }),
    })
    .where(eq(outgoingMail.id, id));
}

/**
 * The sandbox adapter: the mail goes to the outgoing_mail table (the local mailbox, marked delivered) and to
 * the log, so a machine without a mail server still works and tests read links from the table.
 */
export function outboxMailer(db: Db, clock: Clock, log?: MailLog): Mailer {
  return {
    async send(mail) {
      const now = clock.now();
      const id = await recordMail(db, mail, now, now);
      log?.info({ mailId: id, to: mail.to, subject: mail.subject, text: mail.text }, "mail recorded (no SMTP_URL)");
    },
  };
}
