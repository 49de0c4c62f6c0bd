import type { NetworkType, SizeClass } from "@market/contracts";
import { asc, type Db, eq, networks } from "@market/db";

/** A network as its owner sees it in the account's networks tab (spec section 3, Network); never the tokens. */
export interface OwnNetwork {
  id: number;
  type: NetworkType;
  title: string;
  identifier: string;
  link: string | null;
  followers: number;
  posts: number | null;
  reactions: number | null;
  /** Percent, e.g. 2.35; null when not measured. */
  engagement: number | null;
  rating: number | null;
  sizeClass: SizeClass | null;
  isVerified: boolean;
  isConflicting: boolean;
}

/** The influencer's own linked networks, by type then age (GET /api/networks). */
export async function listOwnNetworks(db: Db, userId: number): Promise<OwnNetwork[]> {
  return db
    .select({
      id: networks.id,
      type: networks.type,
      title: networks.title,
      identifier: networks.identifier,
      link: networks.link,
      followers: networks.followers,
      posts: networks.posts,
      reactions: networks.reactions,
      engagement: networks.engagement,
      rating: networks.rating,
      sizeClass: networks.sizeClass,
      isVerified: networks.isVerified,
      isConflicting: networks.isConflicting,
    })
    .from(networks)
    .where(eq(networks.userId, userId))
    .orderBy(asc(networks.type), asc(networks.id));
}
