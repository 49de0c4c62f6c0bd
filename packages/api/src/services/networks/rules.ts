import { meetsAudienceMinimum, type NetworkLinkError, type NetworkType } from "@market/contracts";
import type { NetworkAccount } from "./providers/ports";

/**
 * Why an account may not be linked (spec sections 5 and 8), or null when it may: private first (a private
 * account's figures are not to be trusted), then missing analytics, then the audience minimum (more than 2,000
 * followers; 2,000 likes for a Facebook page).
 */
export function refusalOf(type: NetworkType, account: NetworkAccount): NetworkLinkError | null {
  if (account.isPrivate) return "private";
  if (!account.hasAnalytics) return "no-analytics";
  if (!meetsAudienceMinimum(type, account.followers)) return type === "facebook" ? "fb-page-followers" : "followers";
  return null;
}

/** An empty answer: no Facebook page on the account, or no account at all. */
export const nothingToLink = (type: NetworkType): NetworkLinkError => (type === "facebook" ? "no-fb-page" : "none");
