import type { MailMessage } from "./mailer";

/**
 * How a queued mail leaves (deliver-mail.ts calls it from the mail job): the sandbox outbox by default, SMTP when
 * configured (smtp-mailer.ts). Resolves once the mail is delivered; rejects when it was not, to be tried again.
 */
export interface MailTransport {
  deliver(mail: MailMessage & { id: number }): Promise<void>;
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

/**
 * The sandbox adapter: the mail stays in the outgoing_mail table (the local mailbox: the job marks it delivered,
 * and tests read links from it) and goes to the log, so a machine without a mail server still works.
 */
export function outboxTransport(log?: MailLog): MailTransport {
  return {
    async deliver(mail) {
      log?.info(
        { mailId: mail.id, to: mail.to, subject: mail.subject, text: mail.text },
        "mail recorded (no SMTP_URL)",
      );
    },
  };
}
