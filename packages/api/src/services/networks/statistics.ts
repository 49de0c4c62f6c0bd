import { engagementPercent, ratingOfEngagement } from "@market/contracts";
import type { Db } from "@market/db";
import type { NetworkAccount } from "./providers/ports";
import { sizeClassOf } from "./size-class";

/** The columns a reading of the provider writes (spec section 3, Network), the same for a link and a refresh. */
export async function measuredColumns(db: Db, account: NetworkAccount, now: Date) {
  const engagement = engagementPercent(account.followers, account.reactions);
  return {
    title: account.title,
    link: account.link,
    followers: account.followers,
    posts: account.posts,
    reactions: account.reactions,
    engagement,
    rating: ratingOfEngagement(engagement),
    sizeClass: await sizeClassOf(db, account.followers),
    statisticsReadAt: now,
    updatedAt: now,
  };
}
