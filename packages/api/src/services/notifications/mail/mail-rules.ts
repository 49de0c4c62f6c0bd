import type { NotificationKey, NotificationType } from "@market/contracts";

/** Which preference key (spec section 3, notification preferences) turns a type's mail on or off; null: never mailed here. */
type MailKey = NotificationKey | null;

/**
 * Every type's mail key. Whatever happens on an application is an application update; chat messages and files
 * are messages. A deal review concerns the brand's campaign, mailed as an application update (brands have no
 * deals key); a paid payout, the influencer's money news, is one too. The release reminder and the failed payout
 * are mailed on their own, whatever the preferences, so the digest leaves them out and nobody hears of one event
 * twice.
 */
const MAIL_KEYS: Record<NotificationType, MailKey> = {
  application: "appUpdate",
  application_update: "appUpdate",
  change_request: "appUpdate",
  declined: "appUpdate",
  payment: "appUpdate",
  work_done: "appUpdate",
  work_not_done: "appUpdate",
  money_released: "appUpdate",
  refund: "appUpdate",
  arbitration: "appUpdate",
  case_closed: "appUpdate",
  deal_review: "appUpdate",
  message: "message",
  invitation: "invitations",
  feedback: "feedback",
  news: "news",
  release_reminder: null,
  payout_paid: "appUpdate",
  payout_failed: null,
  // A flag and its appeal's decision are mailed on their own (services/influencers/flags/flag-mail.ts).
  flagged: null,
  appeal_decided: null,
};

/** The key deciding whether its recipient is mailed about a notification of this type; null: never by the digest. */
export const mailKeyOf = (type: NotificationType): MailKey => MAIL_KEYS[type];
