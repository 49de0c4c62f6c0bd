import { type SizeClass, sizeClassOfRank } from "@market/contracts";
import { type Db, gt, networks } from "@market/db";

/**
 * The size class of an audience of `followers` by its rank among every measured network (spec section 3: big,
 * medium or small by follower rank; contracts' sizeClassOfRank). Both counts walk networks_followers_idx.
 */
export async function sizeClassOf(db: Db, followers: number): Promise<SizeClass> {
  const above = await db.$count(networks, gt(networks.followers, followers));
  const measured = await db.$count(networks, gt(networks.followers, 0));
  // A network not stored yet (a first link) counts once more: the only network of a new database is big.
  return sizeClassOfRank(above, Math.max(measured, above + 1));
}
