import { FLAG_REASON_LABELS, type FlagDecision, type FlagReason } from "@market/contracts";
import type { MailMessage } from "../../mail/mailer";

/**
 * What a flagged influencer is told (issue 36, point 5), the same words in the notification, the mail and on the
 * account page's notice: the reason, the admin's note, and what they may do about it.
 */
export function flaggedText(reason: FlagReason, note: string): string {
  const why = note ? `${FLAG_REASON_LABELS[reason]}: ${note}` : FLAG_REASON_LABELS[reason];
  return `Your profile was flagged as possibly fake (${why.replace(/\.+$/, "")}). Brands see a warning on it. You may appeal once from your account.`;
}

/** What the influencer is told of their appeal's decision, with the admin's reason. */
export function decisionText(decision: FlagDecision, reason: string): string {
  const outcome =
    decision === "lift"
      ? "Your appeal was accepted: the flag is lifted and brands no longer see a warning."
      : "Your appeal was declined: the flag stays.";
  return `${outcome} Reason: ${reason}`;
}

const hello = (username: string, text: string) => `Hello ${username},\n\n${text}\n`;

export const flaggedMail = (to: string, username: string, text: string): MailMessage => ({
  to,
  subject: "Your profile was flagged",
  text: hello(username, text),
});

export const appealDecidedMail = (to: string, username: string, text: string): MailMessage => ({
  to,
  subject: "Your appeal was decided",
  text: hello(username, text),
});
