import type { MailMessage } from "../mail/mailer";

/** The mail telling an influencer their payout failed and why (the notification says the same). */
export function payoutFailedMail(to: string, username: string, text: string): MailMessage {
  return { to, subject: "Your payout failed", text: `Hello ${username},\n\n${text}\n` };
}
