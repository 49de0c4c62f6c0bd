import { HOUR_MS } from "@market/contracts";
import type { MailMessage } from "../../mail/mailer";

export interface ReleaseReminder {
  applicationId: number;
  email: string;
  username: string;
  dealTitle: string;
  releaseDate: Date;
}

/**
 * The brand's reminder before the automatic release: how long is left (in whole hours, rounded up, as the page
 * counts it down), what happens then, and what the brand can still do. The link is absolute, on the site's
 * public origin (ApiDeps.publicUrl).
 */
export function releaseReminderMail(reminder: ReleaseReminder, now: Date, publicUrl: string): MailMessage {
  const hours = Math.max(1, Math.ceil((reminder.releaseDate.getTime() - now.getTime()) / HOUR_MS));
  const link = `${publicUrl}/applications/${reminder.applicationId}`;
  return {
    to: reminder.email,
    subject: `${hours} hours left before the money for "${reminder.dealTitle}" is released`,
    text: [
      `Hello ${reminder.username},`,
      "",
      `The influencer marked the work for "${reminder.dealTitle}" as done. In ${hours} hours ` +
        `(${reminder.releaseDate.toISOString()}) the money held for this hire is released to them automatically.`,
      "",
      "If the content is published as agreed, you may release it now. If it is not, say so before then " +
        '("Work not done"): the countdown stops and the platform looks into it.',
      "",
      link,
    ].join("\n"),
  };
}
