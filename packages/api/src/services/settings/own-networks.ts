import type { InfluencerProfileNetwork } from "@market/contracts";
import { asc, type Db, eq, networks } from "@market/db";
import { networkViewColumns } from "../networks/network-view";

/** The influencer's own linked networks, by type then age (GET /api/networks). */
export async function listOwnNetworks(db: Db, userId: number): Promise<InfluencerProfileNetwork[]> {
  return db
    .select(networkViewColumns)
    .from(networks)
    .where(eq(networks.userId, userId))
    .orderBy(asc(networks.type), asc(networks.id));
}
