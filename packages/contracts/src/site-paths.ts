import type { AccountKind, AccountTab, NotificationType } from "./enums";

/**
 * The site's pages that the server names too (links in mails) beside the web app's router: a brand reads one
 * application at /applications/{id}, an influencer its own at /proposals/{id} (spec section 2).
 */
export const applicationPath = (kind: AccountKind, id: number): string =>
  kind === "brand" ? `/applications/${id}` : `/proposals/${id}`;

/**
 * Where a notification leads, in the web's toasts and list and in the notification mails: its application's page,
 * else (a payout's) the earnings, else its campaign (a brand's) or deal (an influencer's); null when it is about
 * nothing to open.
 */
export function notificationPath(
  kind: AccountKind,
  notification: { type: NotificationType; applicationId: number | null; dealId: number | null },
): string | null {
  if (notification.applicationId !== null) return applicationPath(kind, notification.applicationId);
  if ((notification.type === "payout_failed" || notification.type === "payout_paid") && kind === "influencer") {
    return "/earnings";
  }
  // A flag and its appeal are read on the influencer's account (issue 36).
  if ((notification.type === "flagged" || notification.type === "appeal_decided") && kind === "influencer") {
    return "/account";
  }
  if (notification.dealId !== null) {
    return kind === "brand" ? `/campaigns/${notification.dealId}` : `/deals/${notification.dealId}`;
  }
  return null;
}

/** A tab of the account settings: the brand's /settings, the influencer's /account (spec section 2, query p). */
export const settingsPath = (kind: AccountKind, tab: AccountTab): string =>
  `${kind === "brand" ? "/settings" : "/account"}?p=${tab}`;
