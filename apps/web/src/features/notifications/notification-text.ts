import type { AccountKind, NotificationType, NotificationView } from "@market/contracts";
import type { ParseKeys, TFunction } from "i18next";
import { applicationPath } from "../../lib/application-paths";

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
};

/**
 * What a notification says, in the toast and in the header's list. Most types are a sentence naming who and
 * which campaign; a chat message quotes its text (or names its file); a decline without a sender is an expiry;
 * news and a failed payout carry their own text (the payout's says how much, where and why).
 */
export function notificationText(t: TFunction, notification: NotificationView): string {
  const sender = notification.sender?.username ?? t("NOTIFICATION.SOMEONE");
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
    case "news":
    case "payout_failed":
      if (text) return text;
      break;
  }
  return t(SENTENCES[notification.type], { sender, deal });
}

/**
 * Where a notification leads: its application's page, else (a failed payout) the earnings, else its campaign (a
 * brand's) or deal (an influencer's); null when it is about nothing to open.
 */
export function notificationTarget(kind: AccountKind, notification: NotificationView): string | null {
  if (notification.applicationId !== null) return applicationPath(kind, notification.applicationId);
  if (notification.type === "payout_failed" && kind === "influencer") return "/earnings";
  if (notification.dealId !== null) {
    return kind === "brand" ? `/campaigns/${notification.dealId}` : `/deals/${notification.dealId}`;
  }
  return null;
}
