import type { OwnProfileView } from "@market/contracts";
import type { Db } from "@market/db";
import type { Viewer } from "../../viewer";
import { ownNetworks } from "../networks/own-networks";
import { getInfluencer } from "./get-influencer";

/**
 * GET /api/profile (/profile): the influencer's own profile exactly as brands see it (the profile service), with
 * the owner's fields on each network for the refresh and remove actions of the networks table.
 */
export async function getOwnProfile(deps: { db: Db; searchIdSecret: string }, viewer: Viewer): Promise<OwnProfileView> {
  // At once: one wait for the pool's connections under load, not two (issue 33).
  const [profile, networks] = await Promise.all([
    getInfluencer(deps, viewer, viewer.userId),
    ownNetworks(deps.db, viewer.userId),
  ]);
  return { ...profile, networks, canApply: networks.some((network) => network.canApply) };
}
