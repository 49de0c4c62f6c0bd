import type { ApplicationStatus, NetworkType } from "@market/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refreshApplicationTotals } from "./application-totals";
import type { Db } from "./client";
import { applicationPrices, applications, deals, influencerProfiles, networks, users } from "./schema";
import { refreshInfluencerSearchColumns } from "./search-columns";
import { createTestDb, type TestDb } from "./testing";

let testDb: TestDb;
let db: Db;
let brandId: number;

beforeAll(async () => {
  testDb = await createTestDb();
  db = testDb.db;
  const [brand] = await db
    .insert(users)
    .values({ kind: "brand", username: "brand", email: "brand@test.test", passwordHash: "x" })
    .returning({ id: users.id });
  if (!brand) throw new Error("no brand");
  brandId = brand.id;
});

afterAll(() => testDb.close());

async function influencer(username: string, place: { city?: string; country?: string } = {}): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({ kind: "influencer", username, email: `${username}@test.test`, passwordHash: "x" })
    .returning({ id: users.id });
  if (!row) throw new Error("no user");
  await db.insert(influencerProfiles).values({ userId: row.id, city: place.city, country: place.country });
  return row.id;
}

/** A verified, non-conflicting network unless `flags` says otherwise. */
async function network(
  userId: number,
  type: NetworkType,
  followers: number,
  engagement: number | null,
  flags: { isVerified?: boolean; isConflicting?: boolean } = {},
) {
  await db.insert(networks).values({
    userId,
    type,
    title: type,
    identifier: `${userId}-${type}`,
    followers,
    engagement,
    isVerified: flags.isVerified ?? true,
    isConflicting: flags.isConflicting ?? false,
  });
}

/**
 * One application of the influencer to a fresh deal, priced in cents per network, its totals kept as every writer of
 * prices keeps them (refreshApplicationTotals): the average fee reads them.
 */
async function application(userId: number, status: ApplicationStatus, pricesCents: number[]) {
  const [deal] = await db
    .insert(deals)
    .values({
      userId: brandId,
      title: "deal",
      link: "https://brand.test",
      category: "beauty",
      price: "p25_100",
      description: "d",
      networks: ["instagram"],
      deadline: new Date("2030-01-01"),
    })
    .returning({ id: deals.id });
  if (!deal) throw new Error("no deal");
  const [app] = await db
    .insert(applications)
    .values({
      dealId: deal.id,
      influencerId: userId,
      brandId,
      status,
      text: "hi",
      expiration: new Date("2030-01-01"),
      deniedReason: status === "DENIED" ? "PRICE_TOO_HIGH" : null,
    })
    .returning({ id: applications.id });
  if (!app) throw new Error("no application");
  const types: NetworkType[] = ["instagram", "youtube", "twitter", "facebook"];
  if (pricesCents.length > 0) {
    await db.insert(applicationPrices).values(
      pricesCents.map((priceCents, i) => ({
        applicationId: app.id,
        networkType: types[i] ?? "blog",
        priceCents,
        creationDays: 3,
      })),
    );
    await refreshApplicationTotals(db, [app.id]);
  }
}

async function columns(userId: number) {
  const [row] = await db.select().from(influencerProfiles).where(eq(influencerProfiles.userId, userId));
  if (!row) throw new Error("no profile");
  return { ...row, networkTypes: [...row.networkTypes].sort(), engagementLevels: [...row.engagementLevels].sort() };
}

describe("refreshInfluencerSearchColumns", () => {
  it("counts only the networks one may apply with: neither unverified nor conflicting ones", async () => {
    const id = await influencer("only_applicable");
    await network(id, "youtube", 30_000, 2);
    await network(id, "instagram", 900_000, 9, { isVerified: false });
    await network(id, "twitter", 400_000, 5, { isConflicting: true });
    await network(id, "blog", 1_000, null, { isVerified: false });
    await refreshInfluencerSearchColumns(db, [id]);
    const row = await columns(id);
    expect(row).toMatchObject({ totalReach: 30_000, maxEngagement: 2, networkTypes: ["youtube"] });
    expect(row.engagementLevels).toEqual(["medium"]);
  });

  it("computes every column from networks, applications and the user", async () => {
    const id = await influencer("Alice_Smith", { city: "Paris", country: "fr" });
    await network(id, "youtube", 10_000, 0.5);
    await network(id, "instagram", 30_000, 2);
    await network(id, "twitter", 5_000, 4);
    await application(id, "WAITING", [10_000, 5_000]);
    await application(id, "PROGRESS", [3_000]);
    await application(id, "COMPLETE", [6_000]);
    await application(id, "DENIED", [1_000]);

    await refreshInfluencerSearchColumns(db, [id]);

    const row = await columns(id);
    expect(row.totalReach).toBe(45_000);
    expect(row.maxEngagement).toBe(4);
    expect(row.networkTypes).toEqual(["instagram", "twitter", "youtube"]);
    expect(row.engagementLevels).toEqual(["high", "low", "medium"]);
    // (15,000 + 3,000 + 6,000 + 1,000) / 4 applications
    expect(row.averageFeeCents).toBe(6_250);
    expect(row.hiredCount).toBe(2);
    expect(row.costPerFollower).toBeCloseTo(6_250 / 45_000, 12);
    expect(row.costPerEngagement).toBeCloseTo(6_250 / ((45_000 * 4) / 100), 12);
    expect(row.searchText).toBe("alice_smith paris fr");
  });

  it("places engagement on the level thresholds: 1 is medium, 3 is high, just below is the lower level", async () => {
    const low = await influencer("below_one");
    await network(low, "instagram", 3_000, 0.99);
    const medium = await influencer("exactly_one");
    await network(medium, "instagram", 3_000, 1);
    await network(medium, "youtube", 3_000, 2.99);
    const high = await influencer("exactly_three");
    await network(high, "instagram", 3_000, 3);

    await refreshInfluencerSearchColumns(db, [low, medium, high]);

    expect((await columns(low)).engagementLevels).toEqual(["low"]);
    expect((await columns(medium)).engagementLevels).toEqual(["medium"]);
    expect((await columns(high)).engagementLevels).toEqual(["high"]);
  });

  it("uses empty and null values when inputs are missing", async () => {
    const bare = await influencer("Bare");
    const unmeasured = await influencer("unmeasured", { country: "de" });
    await network(unmeasured, "blog", 8_000, null);
    await application(unmeasured, "WAITING", [2_500]);

    await refreshInfluencerSearchColumns(db, [bare, unmeasured]);

    expect(await columns(bare)).toMatchObject({
      totalReach: 0,
      maxEngagement: 0,
      networkTypes: [],
      engagementLevels: [],
      averageFeeCents: null,
      hiredCount: 0,
      costPerFollower: null,
      costPerEngagement: null,
      searchText: "bare  ",
    });
    const row = await columns(unmeasured);
    expect(row).toMatchObject({ totalReach: 8_000, maxEngagement: 0, networkTypes: ["blog"], engagementLevels: [] });
    expect(row.averageFeeCents).toBe(2_500);
    expect(row.costPerFollower).toBeCloseTo(2_500 / 8_000, 12);
    // No engagement: the cost per engagement is unknown rather than infinite.
    expect(row.costPerEngagement).toBeNull();
    expect(row.searchText).toBe("unmeasured  de");
  });

  it("rounds the average fee to the cent", async () => {
    const id = await influencer("rounding");
    await application(id, "WAITING", [2_500]);
    await application(id, "WAITING", [2_501]);

    await refreshInfluencerSearchColumns(db, [id]);

    expect((await columns(id)).averageFeeCents).toBe(2_501);
  });

  it("touches only the given users, and everyone without a list", async () => {
    const target = await influencer("target");
    const other = await influencer("other");
    await network(target, "facebook", 4_000, 1.5);
    await network(other, "facebook", 7_000, 1.5);

    await refreshInfluencerSearchColumns(db, [target]);
    expect((await columns(target)).totalReach).toBe(4_000);
    expect((await columns(other)).totalReach).toBe(0);

    await refreshInfluencerSearchColumns(db, []);
    expect((await columns(other)).totalReach).toBe(0);

    await refreshInfluencerSearchColumns(db);
    expect((await columns(other)).totalReach).toBe(7_000);
  });

  it("follows removals: a user whose networks and applications are gone falls back to the defaults", async () => {
    const id = await influencer("leaving");
    await network(id, "twitter", 9_000, 5);
    await application(id, "COMPLETE", [4_000]);
    await refreshInfluencerSearchColumns(db, [id]);
    expect((await columns(id)).hiredCount).toBe(1);

    await db.delete(networks).where(eq(networks.userId, id));
    await db.delete(applications).where(eq(applications.influencerId, id));
    await refreshInfluencerSearchColumns(db, [id]);

    expect(await columns(id)).toMatchObject({
      totalReach: 0,
      maxEngagement: 0,
      networkTypes: [],
      engagementLevels: [],
      averageFeeCents: null,
      hiredCount: 0,
      costPerFollower: null,
      costPerEngagement: null,
    });
  });
});
