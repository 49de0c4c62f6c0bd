import type { AccountKind, NotificationType, NotificationView } from "@market/contracts";

/** What a notification makes the open screens read again (the queries of each are invalidated). */
export type LiveRefresh =
  /** The header's list and its unread count: every notification. */
  | "notifications"
  /** The brand's campaign list and its applicant counts (spec section 4: on a notification of type application). */
  | "campaigns"
  /** The application's page (its status and actions, and its chat through the message count) and the lists. */
  | "application"
  /** The influencer's balance (spec section 6: influencers only). */
  | "balance"
  /** The money lists: the influencer's earnings, the brand's hires (a refund turns a pending line refunded). */
  | "money";

/** The events that move an influencer's money: paid into escrow, released, refunded, a payout failed. */
const MONEY_EVENTS: ReadonlySet<NotificationType> = new Set(["payment", "money_released", "refund", "payout_failed"]);

export function liveRefreshes(kind: AccountKind, notification: NotificationView): LiveRefresh[] {
  const refreshes: LiveRefresh[] = ["notifications"];
  if (notification.type === "application" && kind === "brand") refreshes.push("campaigns");
  if (notification.applicationId !== null) refreshes.push("application");
  if (kind === "influencer" && MONEY_EVENTS.has(notification.type)) refreshes.push("balance");
  if (MONEY_EVENTS.has(notification.type)) refreshes.push("money");
  return refreshes;
}
