import { type ApplicationListInput, applicationListInput, DAY_MS, SECOND_MS } from "@market/contracts";
import { applications, eq, notifications } from "@market/db";
import { createTestDb, type TestDb } from "@market/db/testing";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { userReadsBench, viewerOf, waitingApplication } from "../../testing";
import { pauseCampaign } from "../deals/campaign-actions";
import { notificationsSeen } from "../notifications/mark-seen";
import { createUserReadsCache } from "../user-reads-cache";
import { listApplications, listCampaignApplications } from "./list-applications";

// The application lists through the user reads cache (user-reads-cache.ts), as the server runs them: a list read
// again costs no statement, and still never shows less than what was written or what time has made of it.

let testDb: TestDb;
const clock = fixedClock(new Date("2026-06-01T12:00:00Z"));
let bench: Awaited<ReturnType<typeof userReadsBench>>;
let waiting: Awaited<ReturnType<typeof waitingApplication>>;

const filters = (input: Partial<ApplicationListInput> = {}) => applicationListInput.parse(input);
const deps = () => bench.deps();
const counted = <T>(read: () => Promise<T>) => bench.counted(read);
const influencer = () => viewerOf(waiting.influencer.id, "influencer");
const brand = () => viewerOf(waiting.brand.id, "brand");
const idsOf = (list: { applications: { id: number }[] }) => list.applications.map((card) => card.id);

beforeAll(async () => {
  testDb = await createTestDb();
  bench = await userReadsBench(testDb, clock, "cached_lists_test_barrier");
});
beforeEach(async () => {
  bench.cache.forget();
  waiting = await waitingApplication(testDb.db, clock, { expiresInDays: 2 });
});
afterAll(async () => {
  await bench.close();
  await testDb.close();
});

describe("the application lists through the user reads cache", () => {
  it("answers a list read again without a statement, with the same cards", async () => {
    const first = await counted(() => listApplications(deps(), influencer(), filters()));
    const again = await counted(() => listApplications(deps(), influencer(), filters()));
    expect(first.statements).toBeGreaterThan(0);
    expect(again.statements).toBe(0);
    expect(again.answer).toEqual(first.answer);
    expect(idsOf(again.answer)).toEqual([waiting.id]);
  });

  it("shows the other party's write once its NOTIFY has arrived, and each party's own list is its own", async () => {
    await listApplications(deps(), brand(), filters());
    await listApplications(deps(), influencer(), filters());
    await waiting.callers.influencer.applications.update({
      id: waiting.id,
      expiration: new Date(clock.now().getTime() + 3 * DAY_MS),
      prices: [{ networkId: waiting.instagram, price: 1500, creationDays: 5 }],
    });
    await bench.barrier();
    const [card] = (await listApplications(deps(), brand(), filters())).applications;
    expect(card?.totalPrice).toBe(1500);
    const [own] = (await listApplications(deps(), influencer(), filters())).applications;
    expect(own?.totalPrice).toBe(1500);
  });

  it("computes time left at each request from the kept rows, and moves an expired proposal from waiting to denied", async () => {
    // Ten seconds left: well within the cache's TTL, so only the expiration itself can end the kept lists.
    await testDb.db
      .update(applications)
      .set({ expiration: new Date(clock.now().getTime() + 10 * SECOND_MS) })
      .where(eq(applications.id, waiting.id));
    await bench.barrier();
    const first = await listApplications(deps(), influencer(), filters({ status: "waiting" }));
    expect(idsOf(first)).toEqual([waiting.id]);
    expect(first.applications[0]?.timeBeforeExpiration).toBe(10 * SECOND_MS);
    expect(idsOf(await listApplications(deps(), influencer(), filters({ status: "denied" })))).toEqual([]);

    clock.advance(9 * SECOND_MS);
    const later = await counted(() => listApplications(deps(), influencer(), filters({ status: "waiting" })));
    expect(later.statements).toBe(0);
    expect(later.answer.applications[0]?.timeBeforeExpiration).toBe(SECOND_MS);

    // Its expiration instant: no sweep has run and nothing was written, yet both lists change at once.
    clock.advance(SECOND_MS);
    expect(idsOf(await listApplications(deps(), influencer(), filters({ status: "waiting" })))).toEqual([]);
    const denied = await listApplications(deps(), influencer(), filters({ status: "denied" }));
    expect(idsOf(denied)).toEqual([waiting.id]);
    expect(denied.applications[0]).toMatchObject({ status: "DENIED", deniedReason: "EXPIRED" });
    // The list of every status holds it all along: kept, it reads as denied at once too.
    expect((await listApplications(deps(), influencer(), filters())).applications[0]?.status).toBe("DENIED");
    clock.advance(-10 * SECOND_MS);
  });

  it("keeps a campaign's applicants with the campaign until the brand changes it", async () => {
    const input = { ...filters(), id: waiting.dealId };
    const first = await listCampaignApplications(deps(), brand(), input);
    expect(first.deal?.paused).toBe(false);
    expect((await counted(() => listCampaignApplications(deps(), brand(), input))).statements).toBe(0);
    await pauseCampaign({ db: testDb.db, clock }, waiting.brand.id, waiting.dealId);
    await bench.barrier();
    expect((await listCampaignApplications(deps(), brand(), input)).deal?.paused).toBe(true);
  });

  it("forgets a user's lists when a write made elsewhere (a sweep, psql) names them", async () => {
    await listApplications(deps(), brand(), filters());
    await testDb.db.update(applications).set({ totalPriceCents: 99_00 }).where(eq(applications.id, waiting.id));
    await bench.barrier();
    expect((await listApplications(deps(), brand(), filters())).applications[0]?.totalPrice).toBe(99);
  });

  it("forgets the user's lists as soon as their notifications are marked seen, whichever transport asked", async () => {
    // A cache that hears no NOTIFY: only the seen mark itself can make it read again.
    const deaf = { db: testDb.db, clock, userReads: createUserReadsCache({ clock }) };
    const unread = async () => (await listApplications(deaf, brand(), filters())).applications[0]?.unread;
    expect(await unread()).toBeGreaterThan(0);
    const ids = await testDb.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.userId, waiting.brand.id));
    await notificationsSeen(deaf, brand(), { ids: ids.map((row) => row.id) });
    expect(await unread()).toBe(0);
  });
});
