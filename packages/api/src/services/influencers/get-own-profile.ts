import type { OwnProfileView } from "@market/contracts";
import type { Db } from "@market/db";
import type { Clock } from "../../clock";
import type { Viewer } from "../../viewer";
import { ownNetworks } from "../networks/own-networks";
import { profileWith } from "./get-influencer";

/**
 * GET /api/profile (/profile): the influencer's own profile exactly as brands see it (the profile service), with
 * the owner's fields on each network for the refresh and remove actions of the networks table.
 */
export async function getOwnProfile(deps: { db: Db; clock: Clock }, viewer: Viewer): Promise<OwnProfileView> {
  // The owner's networks in place of the public ones: read once, beside the profile's row (two statements at once).
  const resolved = { userId: viewer.userId, viaSearch: false };
  const profile = await profileWith(deps, viewer, resolved, ownNetworks(deps.db, viewer.userId));
  return { ...profile, canApply: profile.networks.some((network) => network.canApply) };
}
