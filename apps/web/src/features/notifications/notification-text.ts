import { type AccountKind, type NotificationType, type NotificationView, notificationPath } from "@market/contracts";
import type { ParseKeys, TFunction } from "i18next";

/** The sentence of each type; {{sender}} is who caused it, {{deal}} the campaign it is about. */
const SENTENCES: Record<NotificationType, ParseKeys> = {
  application: "NOTIFICATION.TYPE.application",
  application_update: "NOTIFICATION.TYPE.application_update",
  message: "NOTIFICATION.TYPE.message",
  invitation: "NOTIFICATION.TYPE.invitation",
  payment: "NOTIFICATION.TYPE.payment",
  work_done: "NOTIFICATION.TYPE.work_done",
  work_not_done: "NOTIFICATION.TYPE.work_not_done",
  money_released: "NOTIFICATION.TYPE.money_released",
  release_reminder: "NOTIFICATION.TYPE.release_reminder",
  refund: "NOTIFICATION.TYPE.refund",
  case_closed: "NOTIFICATION.TYPE.case_closed",
  declined: "NOTIFICATION.TYPE.declined",
  change_request: "NOTIFICATION.TYPE.change_request",
  feedback: "NOTIFICATION.TYPE.feedback",
  deal_review: "NOTIFICATION.TYPE.deal_review",
  news: "NOTIFICATION.TYPE.news",
  payout_failed: "NOTIFICATION.TYPE.payout_failed",
  payout_paid: "NOTIFICATION.TYPE.payout_paid",
  arbitration: "NOTIFICATION.TYPE.arbitration",
  flagged: "CONSOLE_FLAGS.NOTIFICATION.flagged",
  appeal_decided: "CONSOLE_FLAGS.NOTIFICATION.appeal_decided",
};

/** The sentences that speak to a brand rather than of it: the brand reads that it was refunded. */
const SENTENCES_TO_BRAND: Partial<Record<NotificationType, ParseKeys>> = {
  refund: "NOTIFICATION.TYPE_TO_BRAND.refund",
};

/**
 * What a notification says to its reader (`kind`), in the toast and in the header's list. Most types are a sentence naming who and
 * which campaign; a chat message quotes its text (or names its file); a decline without a sender is an expiry;
 * news and a payout (failed or paid) carry their own text (the payout's says how much, where and, failed, why).
 */
export function notificationText(t: TFunction, notification: NotificationView, kind: AccountKind): string {
  // The sender as the server names them (NamedAccount.name): a brand by its company name, an influencer by username.
  const sender = notification.sender?.name ?? t("NOTIFICATION.SOMEONE");
  const deal = notification.dealTitle ?? t("NOTIFICATION.A_CAMPAIGN");
  const text = notification.text?.trim() || null;
  switch (notification.type) {
    case "message":
      if (text) return t("NOTIFICATION.MESSAGE_TEXT", { sender, text });
      if (notification.file) return t("NOTIFICATION.MESSAGE_FILE", { sender, file: notification.file.name });
      break;
    case "declined":
      if (!notification.sender) return t("NOTIFICATION.EXPIRED", { deal });
      break;
    case "deal_review":
      // A rejection from the console carries its reason (issue 36); the brand reads it here too.
      if (text) return t("CONSOLE_DASHBOARD.BRAND.NOTIFICATION_REJECTED", { deal, reason: text });
      break;
    case "news":
    case "payout_failed":
    case "payout_paid":
    case "flagged":
    case "appeal_decided":
      if (text) return text;
      break;
  }
  const key = (kind === "brand" ? SENTENCES_TO_BRAND[notification.type] : undefined) ?? SENTENCES[notification.type];
  return t(key, { sender, deal });
}

/** Where a notification leads (the contracts' notificationPath, which the notification mails link to as well). */
export function notificationTarget(kind: AccountKind, notification: NotificationView): string | null {
  return notificationPath(kind, notification);
}
