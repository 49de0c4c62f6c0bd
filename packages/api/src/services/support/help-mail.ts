import type { AccountKind } from "@market/contracts";
import type { MailMessage } from "../mail/mailer";

/** Where help questions go when SUPPORT_EMAIL is not configured. */
export const DEFAULT_SUPPORT_EMAIL = "support@influence-market.example";

export interface Asker {
  id: number;
  kind: AccountKind;
  username: string;
  email: string;
}

/** The mail that brings a help question to the support mailbox, with what support needs to answer it. */
export function helpQuestionMail(to: string, asker: Asker, question: string, requestId: number): MailMessage {
  return {
    to,
    subject: `Help question #${requestId} from ${asker.username} (${asker.kind})`,
    text: [
      `${asker.username} (${asker.kind} #${asker.id}) asks:`,
      "",
      question,
      "",
      `Answer by email to ${asker.email}.`,
    ].join("\n"),
  };
}
