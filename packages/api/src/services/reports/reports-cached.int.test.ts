import { deals, deliveredPosts, deliveries, eq, inArray, postStatisticsSnapshots } from "@market/db";
import { createTestDb, type TestDb } from "@market/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { callFailure, userReadsBench, viewerOf } from "../../testing";
import { campaignReport } from "./campaign-report";
import { periodReport } from "./period-report";
import { reportHistory } from "./testing/report-history";

// The reports through the user reads cache (issue 33): read again without a statement, and true again once a
// reading, a delivery or the campaign itself has changed (drizzle/0034, 0055 name the brand on reads_changed).

let testDb: TestDb;
const clock = fixedClock(new Date("2026-06-10T09:30:00Z"));
let bench: Awaited<ReturnType<typeof userReadsBench>>;
let history: Awaited<ReturnType<typeof reportHistory>>;

const deps = () => bench.deps();
const statementsOf = async (read: () => Promise<unknown>) => (await bench.counted(read)).statements;

beforeAll(async () => {
  testDb = await createTestDb();
  bench = await userReadsBench(testDb, clock, "reports_cached_test_barrier");
  history = await reportHistory(testDb.db, clock, [
    {
      campaign: "Kept",
      influencer: "alice",
      prices: [{ network: "instagram", dollars: 100 }],
      feeBrandPercent: 10,
      paidAt: new Date("2026-06-01T10:00:00Z"),
      posts: [{ network: "instagram", readings: [{ day: 0, views: 1_000, likes: 50, comments: 5 }] }],
    },
  ]);
  await bench.barrier();
});
afterAll(async () => {
  await bench.close();
  await testDb.close();
});

/** The statistics reading of the hire's post, as the statistics sweep takes a later one. */
async function readLater(views: number) {
  const [post] = await testDb.db
    .select({ id: deliveredPosts.id })
    .from(deliveredPosts)
    .innerJoin(deliveries, eq(deliveries.id, deliveredPosts.deliveryId))
    .where(inArray(deliveries.applicationId, history.applicationIds));
  await testDb.db
    .insert(postStatisticsSnapshots)
    .values({ deliveredPostId: post?.id ?? 0, kind: "day7", takenAt: clock.now(), views, likes: 60, comments: 6 });
}

describe("the reports through the user reads cache", () => {
  it("keep the period's report until a post is read again, then show the new reading", async () => {
    const brand = viewerOf(history.brand.id, "brand");
    expect((await periodReport(deps(), brand, {})).totals.views).toBe(1_000);
    expect(await statementsOf(() => periodReport(deps(), brand, {}))).toBe(0);
    // Another period is another entry, read from the database.
    const other = { from: "2026-06-01", to: "2026-06-02" };
    expect(await statementsOf(() => periodReport(deps(), brand, other))).toBeGreaterThan(0);

    await readLater(4_000);
    await bench.barrier();
    expect((await periodReport(deps(), brand, {})).totals.views).toBe(4_000);
  });

  it("keep a campaign's report until the campaign changes; a deleted campaign is not_found at once", async () => {
    const brand = viewerOf(history.brand.id, "brand");
    const id = history.campaigns.get("Kept") ?? 0;
    expect((await campaignReport(deps(), brand, { id })).scope).toMatchObject({ campaign: { title: "Kept" } });
    expect(await statementsOf(() => campaignReport(deps(), brand, { id }))).toBe(0);
    // Another brand is not answered from this brand's entry.
    const other = viewerOf(history.influencers.get("alice") ?? 0, "brand");
    expect(await callFailure(campaignReport(deps(), other, { id }))).toMatchObject({ reason: "not_found" });

    await testDb.db.update(deals).set({ title: "Renamed" }).where(eq(deals.id, id));
    await bench.barrier();
    expect((await campaignReport(deps(), brand, { id })).scope).toMatchObject({ campaign: { title: "Renamed" } });
    await testDb.db.update(deals).set({ deletedAt: clock.now() }).where(eq(deals.id, id));
    await bench.barrier();
    expect(await callFailure(campaignReport(deps(), brand, { id }))).toMatchObject({ reason: "not_found" });
  });
});
