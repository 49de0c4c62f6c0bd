import nodemailer from "nodemailer";
import { MailDeliveryError, type MailTransport } from "./mail-transport";

export interface SmtpMailerOptions {
  /** smtp://user:pass@host:587 or smtps://... (nodemailer's connection URL). */
  url: string;
  /** The From header, e.g. `Influence Market <no-reply@example.com>`. */
  from: string;
}

/**
 * Bounds every SMTP step so a dead mail server fails the attempt instead of hanging the job: an attempt ends within
 * three of them, well inside the mail's claim (MAIL_CLAIM_MS, deliver-mail.ts).
 */
export const SMTP_TIMEOUT_MS = 10_000;

/**
 * The real adapter: delivers through an SMTP server with nodemailer. The mail job records the outcome on the
 * outgoing_mail row (sent, or the error and the next attempt), so failed mails stay visible and are retried.
 */
export function smtpMailer(options: SmtpMailerOptions): MailTransport & { close(): void } {
  const transport = nodemailer.createTransport({
    url: options.url,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  return {
    async deliver(mail) {
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
        throw new MailDeliveryError(`SMTP delivery failed: ${message}`, { cause: error });
      }
    },
    close: () => transport.close(),
  };
}
