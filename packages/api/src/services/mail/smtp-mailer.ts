import type { Db } from "@market/db";
import nodemailer from "nodemailer";
import type { Clock } from "../../clock";
import { MailDeliveryError, type Mailer, recordAttempt, recordMail } from "./mailer";

export interface SmtpMailerOptions {
  /** smtp://user:pass@host:587 or smtps://... (nodemailer's connection URL). */
  url: string;
  /** The From header, e.g. `Influence Market <no-reply@example.com>`. */
  from: string;
}

/** Bounds every SMTP step so a dead mail server fails the request instead of hanging it. */
const SMTP_TIMEOUT_MS = 10_000;

/**
 * The real adapter: delivers through an SMTP server with nodemailer. Every mail is recorded in outgoing_mail
 * first, then marked sent or given the error, so failed mails stay visible (and can be sent again later).
 */
export function smtpMailer(db: Db, clock: Clock, options: SmtpMailerOptions): Mailer & { close(): void } {
  const transport = nodemailer.createTransport({
    url: options.url,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  return {
    async send(mail) {
      const id = await recordMail(db, mail, null, clock.now());
      try {
        await transport.sendMail({
          from: options.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await recordAttempt(db, id, { error: message });
        throw new MailDeliveryError(`SMTP delivery failed: ${message}`, { cause: error });
      }
      await recordAttempt(db, id, { sentAt: clock.now() });
    },
    close: () => transport.close(),
  };
}
