import {
  DAY_MS,
  engagementPercent,
  type NetworkType,
  ratingOfEngagement,
  UNLINKABLE_NETWORKS,
} from "@market/contracts";
import { eq, inArray } from "drizzle-orm";
import { refreshEngagementTierMedians, scoreNetworks, snapshotDay } from "../audience-quality";
import { networkSnapshots, networks } from "../schema";
import { insertRows } from "./batch";
import type { SeedContext } from "./context";
import type { SeededInfluencer } from "./influencers";
import { ENGAGEMENT_MODEL } from "./networks";
import type { Random } from "./random";

/**
 * The statistics history of every linked network (issue 40, point 4), so that the audience-quality score has
 * something to say on a fresh demo: weekly readings since the network was linked (as the statistics sweep takes
 * them), shaped as one of four stories. Most audiences grow organically; some bought a follower burst; some went
 * quiet; some were linked too recently to tell. The demo influencer shows three of them (a quiet account is among
 * the others). The last reading is the network's statistics; only a burst and a quiet account change them.
 */

type Story = "organic" | "burst" | "dead" | "short";

/** The demo influencer's networks, one story each ("not enough history" on the Facebook pages). */
const DEMO_STORIES: Partial<Record<NetworkType, Story>> = {
  instagram: "organic",
  youtube: "organic",
  // 0.8 % engagement before the burst, about 0.4 % after: still the demo's low-engagement network.
  twitter: "burst",
  facebook: "short",
};

/** The share of the others' networks in each story; influencers flagged fake bought their audience. */
const STORY_WEIGHTS: readonly (readonly [Story, number])[] = [
  ["organic", 70],
  ["burst", 10],
  ["dead", 8],
  ["short", 12],
];

/** At most this many weekly readings: the score reads 90 days. */
const MAX_WEEKS = 16;

interface Reading {
  followers: number;
  posts: number;
  reactions: number;
}

/**
 * The weekly readings of a story, oldest first, ending at `now` (the network's statistics as the last reading
 * found them; a burst or a dead account changes them: bought followers do not react, a quiet audience fades).
 */
function readingsOf(rng: Random, story: Story, now: Reading, weeks: number): Reading[] {
  const growth = rng.between(0.001, 0.004);
  const perWeek = rng.between(1, 4);
  const at = (weeksBack: number, followers: number, reactions: number): Reading => ({
    followers: Math.max(0, Math.round(followers)),
    posts: Math.max(0, Math.round(now.posts - (story === "dead" ? 0 : perWeek * weeksBack))),
    // Readings wobble a little, except today's: it is what the network shows.
    reactions: Math.max(0, Math.round(reactions * (weeksBack === 0 ? 1 : rng.between(0.92, 1.08)))),
  });
  const rate = now.reactions / Math.max(1, now.followers);
  const readings: Reading[] = [];
  // The week the followers were bought, and how many: 40 to 70 % of today's audience.
  const burstWeek = Math.max(1, Math.floor(weeks / 2));
  const bought = story === "burst" ? Math.round(now.followers * rng.between(0.4, 0.7)) : 0;
  for (let weeksBack = weeks; weeksBack >= 0; weeksBack -= 1) {
    const organic = (now.followers - bought) / (1 + growth) ** (7 * weeksBack);
    if (story === "dead") {
      // Slowly losing followers, reactions halving every few weeks.
      const followers = now.followers * 1.002 ** (7 * weeksBack);
      readings.push(at(weeksBack, followers, followers * rate * 2 * 0.8 ** (weeks - weeksBack)));
    } else if (story === "burst") {
      const followers = organic + (weeksBack < burstWeek ? bought : 0);
      readings.push(at(weeksBack, followers, organic * rate));
    } else {
      readings.push(at(weeksBack, organic, organic * rate));
    }
  }
  // Today's engagement stays within the seed's model (networks.ts), however low the story took it.
  const last = readings.at(-1) as Reading;
  const { min, max } = ENGAGEMENT_MODEL;
  last.reactions = Math.min(
    Math.floor((last.followers * max) / 100),
    Math.max(last.reactions, Math.ceil((last.followers * min) / 100)),
  );
  return readings;
}

/** Writes the histories, then the tier medians and every network's score. */
export async function seedAudienceHistories(ctx: SeedContext, influencers: SeededInfluencer[]): Promise<number> {
  const rng = ctx.random("audience-histories");
  const linked = influencers.flatMap((influencer) =>
    influencer.networks
      .filter((network) => !(UNLINKABLE_NETWORKS as readonly NetworkType[]).includes(network.type))
      .map((network) => ({ network, influencer })),
  );
  const rows = await ctx.db
    .select({
      id: networks.id,
      followers: networks.followers,
      posts: networks.posts,
      reactions: networks.reactions,
      createdAt: networks.createdAt,
    })
    .from(networks)
    .where(
      inArray(
        networks.id,
        linked.map(({ network }) => network.id),
      ),
    );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const snapshots: (typeof networkSnapshots.$inferInsert)[] = [];
  for (const { network, influencer } of linked) {
    const row = byId.get(network.id);
    if (!row || row.followers <= 0) continue;
    const story: Story = influencer.isDemo
      ? (DEMO_STORIES[network.type] ?? "organic")
      : influencer.maybeFake
        ? "burst"
        : rng.weighted(STORY_WEIGHTS);
    // From the start of today, like every seeded date, so the draws never depend on the hour.
    const age = Math.floor((ctx.clock.dayStart.getTime() - row.createdAt.getTime()) / (7 * DAY_MS));
    // A story needs a few weeks to show; a network linked lately has only the readings it had time for.
    const weeks = story === "short" ? Math.min(age, rng.int(0, 2)) : Math.min(MAX_WEEKS, Math.max(age, 5));
    const now = { followers: row.followers, posts: row.posts ?? rng.int(40, 400), reactions: row.reactions ?? 0 };
    const readings = readingsOf(rng, story, now, weeks);
    const last = readings.at(-1) as Reading;
    const changed = story === "burst" || story === "dead";
    const engagement = engagementPercent(last.followers, last.reactions);
    await ctx.db
      .update(networks)
      .set({
        ...(changed ? { reactions: last.reactions, engagement, rating: ratingOfEngagement(engagement) } : {}),
        posts: last.posts,
        statisticsReadAt: ctx.clock.ago(1),
      })
      .where(eq(networks.id, network.id));
    readings.forEach((reading, index) => {
      const readAt = ctx.clock.ago(1 + 7 * (readings.length - 1 - index));
      snapshots.push({
        networkId: network.id,
        day: snapshotDay(readAt),
        ...reading,
        engagement: engagementPercent(reading.followers, reading.reactions),
        readAt,
      });
    });
  }
  await insertRows(ctx.db, networkSnapshots, snapshots);
  await refreshEngagementTierMedians(ctx.db, ctx.clock.now, { force: true });
  await scoreNetworks(
    ctx.db,
    linked.map(({ network }) => network.id),
  );
  return snapshots.length;
}
