import type { ApplicationRole } from "@market/contracts";
import type { MailMessage } from "../mail/mailer";

export interface ArbitrationCase {
  requestId: number;
  applicationId: number;
  dealTitle: string;
  asker: { role: ApplicationRole; username: string; email: string };
  other: { role: ApplicationRole; username: string; email: string };
  /** The admin who asked while impersonating the asker, if any. */
  impersonatorId: number | null;
}

/** The mail that brings an arbitration request to the support mailbox, with both parties to answer. */
export function arbitrationMail(to: string, request: ArbitrationCase, text: string): MailMessage {
  const { asker, other } = request;
  return {
    to,
    subject: `Arbitration #${request.requestId} on application #${request.applicationId} (${request.dealTitle})`,
    text: [
      `${asker.username} (the ${asker.role}) asks the platform to arbitrate application #${request.applicationId} ` +
        `on the deal "${request.dealTitle}" with ${other.username} (the ${other.role}):`,
      "",
      text,
      "",
      `The ${asker.role}: ${asker.email}`,
      `The ${other.role}: ${other.email}`,
      ...(request.impersonatorId === null
        ? []
        : ["", `Sent by admin #${request.impersonatorId} acting as the ${asker.role}.`]),
    ].join("\n"),
  };
}
