import { DAY_MS, HOUR_MS } from "@market/contracts";
import {
  asc,
  type Db,
  engagementTierMedians,
  eq,
  influencerProfiles,
  NETWORK_SNAPSHOT_RETENTION_DAYS,
  networkSnapshots,
  networks,
  refreshEngagementTierMedians,
  sweepOldNetworkSnapshots,
} from "@market/db";
import { useTestDb } from "@market/db/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { createInfluencer } from "../../testing";
import { account, fakeNetworkProviders, testTokenCipher } from "../../testing/network-providers";
import { linkAccounts } from "./link-account";
import { sweepNetworkStatistics } from "./statistics-sweep";

let db: Db;
const clock = fixedClock(new Date("2026-03-02T09:00:00Z"));
const providers = fakeNetworkProviders();
const deps = () => ({ db, clock, networkProviders: providers, tokenCipher: testTokenCipher });

const testDb = useTestDb();
beforeAll(() => {
  db = testDb.db;
});

/** An influencer with a youtube channel (code `code`) linked now, as the provider reads it. */
async function linked(code: string, followers: number, posts = 100) {
  const user = await createInfluencer(db, { networks: [] });
  providers.login("youtube", code, [
    account({ identifier: `UC-${code}`, followers, posts, reactions: followers / 50 }),
  ]);
  const tokens = await providers.oauth.youtube.exchangeCode(code, "verifier");
  const [id] = await linkAccounts(
    deps(),
    user.id,
    "youtube",
    await providers.oauth.youtube.readAccounts(tokens),
    tokens,
  );
  return { userId: user.id, id: id as number };
}

/** The provider's next reading of the channel. */
const reads = (code: string, followers: number, posts: number, reactions = followers / 50) =>
  providers.login("youtube", code, [account({ identifier: `UC-${code}`, followers, posts, reactions })]);

/** The statistics sweep a given time later, reading every network older than an hour. */
async function sweepAfter(ms: number) {
  clock.advance(ms);
  await sweepNetworkStatistics(deps(), clock.now(), { maxAgeMs: HOUR_MS, batch: 100 });
}

const snapshotsOf = (id: number) =>
  db.select().from(networkSnapshots).where(eq(networkSnapshots.networkId, id)).orderBy(asc(networkSnapshots.day));
const networkOf = async (id: number) => (await db.select().from(networks).where(eq(networks.id, id)))[0];
const profileOf = async (userId: number) =>
  (await db.select().from(influencerProfiles).where(eq(influencerProfiles.userId, userId)))[0];

describe("statistics history", () => {
  it("keeps one snapshot per network and day: a second reading the same day replaces the first", async () => {
    const channel = await linked("daily", 10_000);
    expect(await snapshotsOf(channel.id)).toMatchObject([{ day: "2026-03-02", followers: 10_000, posts: 100 }]);

    reads("daily", 10_100, 101);
    await sweepAfter(2 * HOUR_MS);
    expect(await snapshotsOf(channel.id)).toMatchObject([{ day: "2026-03-02", followers: 10_100, posts: 101 }]);

    reads("daily", 10_200, 102);
    await sweepAfter(DAY_MS);
    const days = await snapshotsOf(channel.id);
    expect(days.map((row) => [row.day, row.followers])).toEqual([
      ["2026-03-02", 10_100],
      ["2026-03-03", 10_200],
    ]);
    expect(days[1]?.engagement).toBe(2);
  });

  it("writes no snapshot for a failed reading", async () => {
    const channel = await linked("fails", 10_000);
    providers.login("youtube", "fails", [account({ identifier: "UC-elsewhere" })]);
    await sweepAfter(DAY_MS);
    expect(await snapshotsOf(channel.id)).toHaveLength(1);
    expect(await networkOf(channel.id)).toMatchObject({ problem: "none" });
  });

  it("deletes the days past the retention, and only those", async () => {
    const channel = await linked("retained", 10_000);
    const [first] = await snapshotsOf(channel.id);
    const firstDay = new Date(`${first?.day}T00:00:00Z`).getTime();
    // Exactly the retention old: kept (older days of the other tests' networks may go).
    await sweepOldNetworkSnapshots(db, new Date(firstDay + NETWORK_SNAPSHOT_RETENTION_DAYS * DAY_MS));
    expect(await snapshotsOf(channel.id)).toHaveLength(1);
    const swept = await sweepOldNetworkSnapshots(
      db,
      new Date(firstDay + (NETWORK_SNAPSHOT_RETENTION_DAYS + 1) * DAY_MS),
    );
    expect(swept).toBeGreaterThanOrEqual(1);
    expect(await snapshotsOf(channel.id)).toHaveLength(0);
  });
});

describe("audience-quality score", () => {
  it("is stored on the network and rolled into the search columns once the history is long enough", async () => {
    await refreshEngagementTierMedians(db, clock.now(), { force: true });
    const steady = await linked("steady", 20_000, 100);
    const bought = await linked("bought", 20_000, 100);
    // Too short a history: no score, and the search column says none.
    expect(await networkOf(steady.id)).toMatchObject({ audienceQuality: null });
    expect((await networkOf(steady.id))?.audienceQualityDetail).toMatchObject({ score: null, snapshots: 1 });

    for (let week = 1; week <= 5; week += 1) {
      reads("steady", 20_000 + 300 * week, 100 + 2 * week);
      // Week 3: 25,000 followers overnight, none of whom reacts.
      reads("bought", 20_000 + 300 * week + (week >= 3 ? 25_000 : 0), 100 + 2 * week, (20_000 + 300 * week) / 50);
      await sweepAfter(7 * DAY_MS);
    }

    const good = await networkOf(steady.id);
    const bad = await networkOf(bought.id);
    expect(good?.audienceQuality).toBeGreaterThanOrEqual(80);
    expect(bad?.audienceQuality).toBeLessThanOrEqual(45);
    expect(bad?.audienceQualityDetail?.components.growth.score).toBe(0);
    expect(good?.audienceQualityDetail).toMatchObject({ snapshots: 6, spanDays: 35 });
    expect((await profileOf(steady.userId))?.audienceQuality).toBe(good?.audienceQuality);
    expect((await profileOf(bought.userId))?.audienceQuality).toBe(bad?.audienceQuality);
  });

  it("recomputes the tier medians once a day, from the measured networks", async () => {
    const now = new Date("2027-01-01T00:00:00Z");
    expect(await refreshEngagementTierMedians(db, now, { force: true })).toBeGreaterThan(0);
    // Fresh: the next runs of the day write nothing.
    expect(await refreshEngagementTierMedians(db, new Date(now.getTime() + HOUR_MS))).toBe(0);
    expect(await refreshEngagementTierMedians(db, new Date(now.getTime() + DAY_MS + 1))).toBeGreaterThan(0);
    const medians = await db.select().from(engagementTierMedians);
    for (const median of medians) {
      expect(median.networks).toBeGreaterThan(0);
      expect(median.median).toBeGreaterThan(0);
    }
  });
});
