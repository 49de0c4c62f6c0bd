import type { InfluencerProfileView } from "@market/contracts";
import {
  asc,
  type Db,
  desc,
  eq,
  influencerProfiles,
  networks,
  type Placeholders,
  preparedQuery,
  users,
} from "@market/db";
import type { Clock } from "../../clock";
import { fail } from "../../errors";
import type { Viewer } from "../../viewer";
import { feedbackSummarySql } from "../applications/feedback/feedback-rows";
import { pictureUrl } from "../files/picture-url";
import { networkViewColumns } from "../networks/network-view";
import { resolveInfluencerRef } from "./search-id";

const p = influencerProfiles;

/**
 * GET /api/influencers/{id} (spec section 2, Influencer profile). Visitors and brands see the asked
 * influencer; a signed-in influencer always sees their own profile instead (isOwn). The id is the plain
 * numeric id or an opaque search id (viaSearch: the web shows Hire); a search id whose tag does not verify,
 * or an id that is not an influencer, is not_found. The email goes only to an impersonating admin.
 */
export async function getInfluencer(
  { db, clock, searchIdSecret }: { db: Db; clock: Clock; searchIdSecret: string },
  viewer: Viewer | null,
  ref: number | string,
): Promise<InfluencerProfileView> {
  // A signed-in influencer (an admin impersonating one included) gets their own profile whatever the id.
  const ownProfile = viewer?.kind === "influencer";
  const resolved = ownProfile ? { userId: viewer.userId, viaSearch: false } : resolveInfluencerRef(searchIdSecret, ref);
  if (!resolved) fail("not_found");
  return profileWith({ db, clock }, viewer, resolved, publicNetworks(db, { userId: resolved.userId }));
}

/** The influencer's networks as everyone sees them, the largest first. */
const publicNetworks = preparedQuery("public_networks", (db, values: Placeholders<{ userId: number }>) =>
  db
    .select(networkViewColumns)
    .from(networks)
    .where(eq(networks.userId, values.userId))
    .orderBy(desc(networks.followers), asc(networks.id)),
);

/**
 * The profile of the resolved influencer as `viewer` sees it, with the networks `networkRead` gives: the public
 * view (getInfluencer) or the owner's own (get-own-profile.ts), so that the own profile reads its networks once.
 * Two statements at once (the id is known): the row with its feedback's summary, and the networks; one round trip
 * of the pool, not two, which under load is one wait for a connection instead of two (issue 33). An unknown id
 * costs the networks' read for nothing: it is rare.
 */
export async function profileWith<Network>(
  { db, clock }: { db: Db; clock: Clock },
  viewer: Viewer | null,
  resolved: { userId: number; viaSearch: boolean },
  networkRead: Promise<Network[]>,
): Promise<Omit<InfluencerProfileView, "networks"> & { networks: Network[] }> {
  const [[row], networkRows] = await Promise.all([
    profileRow(db, { userId: resolved.userId, now: clock.now() }),
    networkRead,
  ]);
  if (!row) fail("not_found");

  const view: Omit<InfluencerProfileView, "networks"> & { networks: Network[] } = {
    id: row.id,
    username: row.username,
    picture: pictureUrl(row.picture),
    city: row.city,
    country: row.country,
    category: row.category,
    about: row.about,
    maybeFake: row.maybeFake,
    lastLogin: row.lastLoginAt ? row.lastLoginAt.toISOString() : null,
    totalReach: row.totalReach,
    gender: row.gender,
    audience: {
      males: row.males,
      ages: row.ageMin !== null && row.ageMax !== null ? [row.ageMin, row.ageMax] : null,
      interests: row.interests,
      country: row.audienceCountry,
    },
    averageFeeCents: row.averageFeeCents,
    feedback: row.feedback,
    networks: networkRows,
    isOwn: viewer !== null && viewer.userId === row.id,
    viaSearch: resolved.viaSearch,
  };
  if (viewer?.impersonatorId != null) view.email = row.email;
  return view;
}

/** The profile's row with its user's, and the summary of the feedback it has had. */
const profileRow = preparedQuery("influencer_profile_row", (db, values: Placeholders<{ userId: number; now: Date }>) =>
  db
    .select({
      id: p.userId,
      username: users.username,
      email: users.email,
      picture: users.picture,
      lastLoginAt: users.lastLoginAt,
      city: p.city,
      country: p.country,
      category: p.category,
      about: p.about,
      maybeFake: p.maybeFake,
      totalReach: p.totalReach,
      gender: p.gender,
      males: p.audienceMales,
      ageMin: p.audienceAgeMin,
      ageMax: p.audienceAgeMax,
      interests: p.audienceInterests,
      audienceCountry: p.audienceCountry,
      averageFeeCents: p.averageFeeCents,
      feedback: feedbackSummarySql(db, p.userId, values.now),
    })
    .from(p)
    .innerJoin(users, eq(users.id, p.userId))
    .where(eq(p.userId, values.userId)),
);
