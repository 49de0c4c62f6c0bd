import { type AccountKind, type NotificationType, notificationPath, settingsPath } from "@market/contracts";
import type { MailMessage } from "../../mail/mailer";

/** One notification as its digest line needs it. */
export interface DigestItem {
  type: NotificationType;
  applicationId: number | null;
  dealId: number | null;
  dealTitle: string | null;
  /** Who caused it, as named to people (NamedAccount.name); null for the platform (an expiry, an automatic release) or a deleted account. */
  sender: string | null;
  text: string | null;
  fileName: string | null;
}

export interface DigestRecipient {
  email: string;
  username: string;
  kind: AccountKind;
}

/** The sentence of each type, as the web's list says it (its en.json NOTIFICATION.TYPE; digest-mail.test.ts keeps them equal). */
export const SENTENCES: Record<NotificationType, (sender: string, deal: string) => string> = {
  application: (sender, deal) => `${sender} sent a proposal on ${deal}.`,
  application_update: (sender, deal) => `${sender} updated their proposal on ${deal}.`,
  message: (sender, deal) => `${sender} wrote to you about ${deal}.`,
  invitation: (sender, deal) => `${sender} invites you to apply to ${deal}.`,
  payment: (sender, deal) => `${sender} hired you on ${deal}: the money is held until the work is done.`,
  work_done: (sender, deal) => `${sender} marked the work on ${deal} done.`,
  work_not_done: (sender, deal) => `${sender} says the work on ${deal} is not done.`,
  money_released: (_, deal) => `The money for ${deal} was released.`,
  release_reminder: (_, deal) => `The money for ${deal} will be released automatically soon.`,
  refund: (_, deal) => `The brand was refunded for ${deal}.`,
  case_closed: (_, deal) => `The arbitration case on ${deal} was closed.`,
  declined: (sender, deal) => `${sender} declined your proposal on ${deal}.`,
  change_request: (sender, deal) => `${sender} asks for changes to your proposal on ${deal}.`,
  feedback: (sender, deal) => `${sender} left feedback on ${deal}.`,
  deal_review: (_, deal) => `Your campaign ${deal} was reviewed.`,
  news: () => "News from Influence Market.",
  payout_failed: () => "Your payout failed. The money is back in your balance.",
  payout_paid: () => "Your payout was paid.",
  arbitration: (sender, deal) => `${sender} asked the platform to arbitrate ${deal}.`,
  flagged: () => "Your profile was flagged: brands see a warning on it.",
  appeal_decided: () => "Your appeal was decided.",
};

/**
 * The sentences that speak to a brand rather than of it (en.json NOTIFICATION.TYPE_TO_BRAND): the brand reads that it
 * was refunded, where the influencer reads that the brand was.
 */
export const SENTENCES_TO_BRAND: Partial<typeof SENTENCES> = {
  refund: (_, deal) => `We refunded you for ${deal}: the hire is cancelled.`,
};

/** What one notification says in a mail: the web's sentence; a file names itself, an expiry says so, news and payouts carry their text. */
export function digestSentence(item: DigestItem, reader: AccountKind): string {
  const sender = item.sender ?? "Someone";
  const deal = item.dealTitle === null ? "a campaign" : `"${item.dealTitle}"`;
  const text = item.text?.trim() || null;
  if (item.type === "message" && item.fileName) return `${sender} sent a file about ${deal}: ${item.fileName}`;
  if (item.type === "declined" && item.sender === null) return `Your proposal on ${deal} has expired.`;
  if (
    (item.type === "news" ||
      item.type === "payout_paid" ||
      item.type === "flagged" ||
      item.type === "appeal_decided") &&
    text
  ) {
    return text;
  }
  const sentence = (reader === "brand" ? SENTENCES_TO_BRAND[item.type] : undefined) ?? SENTENCES[item.type];
  return sentence(sender, deal);
}

/**
 * One mail for everything a user missed since the last sweep: a line per notification, oldest first, each with
 * the whole link to open it (on the site's public origin, ApiDeps.publicUrl), and how to stop these mails. Chat messages are named, never quoted: a mail travels further than
 * the site.
 */
export function digestMail(recipient: DigestRecipient, items: readonly DigestItem[], publicUrl: string): MailMessage {
  const lines = items.flatMap((item) => {
    const path = notificationPath(recipient.kind, item);
    return [`- ${digestSentence(item, recipient.kind)}`, ...(path === null ? [] : [`  ${publicUrl}${path}`])];
  });
  const first = items[0];
  const subject =
    items.length === 1 && first
      ? digestSentence(first, recipient.kind)
      : `${items.length} new notifications on Influence Market`;
  return {
    to: recipient.email,
    subject,
    text: [
      `Hello ${recipient.username},`,
      "",
      "Here is what happened on Influence Market while you were away:",
      "",
      ...lines,
      "",
      `You get these mails for what you have not seen on the site. Choose which ones in your settings: ${publicUrl}${settingsPath(recipient.kind, "notifications")}`,
    ].join("\n"),
  };
}
