import { channelListenerOf, dealImages, deals, eq, files, sql } from "@market/db";
import { createTestDb, type TestDb } from "@market/db/testing";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import { createBrand, createInfluencer, notifyBarrier, valuesSetAgain } from "../testing";
import { createSearchCache, type SearchCache } from "./search-cache";
import { type SearchChanges, watchSearchChanges } from "./search-changes";

let testDb: TestDb;
const clock = fixedClock(new Date("2026-06-01T12:00:00Z"));
let brandId: number;
let influencerId: number;
let dealId: number;
let watched: { caches: SearchCache[]; changes: SearchChanges; barrier: () => Promise<void> };
let stopBarrier: () => Promise<void>;

beforeAll(async () => {
  testDb = await createTestDb();
  brandId = (await createBrand(testDb.db)).id;
  influencerId = (await createInfluencer(testDb.db)).id;
  const [deal] = await testDb.db
    .insert(deals)
    .values({
      userId: brandId,
      title: "Watched kite",
      link: "https://brand.example",
      category: "sports",
      price: "p100_250",
      description: "A plain campaign",
      networks: ["instagram"],
      deadline: new Date("2026-07-01T12:00:00Z"),
    })
    .returning({ id: deals.id });
  dealId = deal?.id ?? 0;

  const caches = [createSearchCache({ clock }), createSearchCache({ clock })];
  const listener = channelListenerOf(testDb.db);
  const changes = watchSearchChanges({ listener, caches });
  await changes.ready();
  const { barrier, stop } = await notifyBarrier(testDb.db, listener, "search_changes_test_barrier");
  stopBarrier = stop;
  watched = { caches, changes, barrier };
});
afterEach(() => watched.changes.forget());
afterAll(async () => {
  await stopBarrier();
  await watched.changes.close();
  await testDb.close();
});

/** Fills both caches, runs a write, waits until any NOTIFY it sent has arrived, and says whether they were forgotten. */
async function forgetsCaches(write: () => Promise<unknown>): Promise<boolean> {
  for (const cache of watched.caches) await cache.get("key", () => Promise.resolve("cached"));
  await write();
  await watched.barrier();
  const sizes = watched.caches.map((cache) => cache.size());
  expect(sizes[0], "both caches are forgotten together").toBe(sizes[1]);
  return sizes[0] === 0;
}

const db = () => testDb.db;

describe("search_changed: the searches' tables NOTIFY every instance at commit", () => {
  it.each<[string, () => Promise<unknown>]>([
    [
      "a login (users.last_login_at)",
      () => db().execute(sql`update users set last_login_at = now() where id = ${brandId}`),
    ],
    [
      "a token refresh",
      () => db().execute(sql`update networks set access_token = 'sealed' where user_id = ${influencerId}`),
    ],

    [
      "a rolled-back write",
      () =>
        db()
          .transaction(async (tx) => {
            await tx.update(deals).set({ title: "Never seen" }).where(eq(deals.id, dealId));
            tx.rollback();
          })
          .catch(() => {}),
    ],
  ])("not %s", async (_, write) => {
    expect(await forgetsCaches(write)).toBe(false);
  });

  // Named, not changed: drizzle/0054 (testing/values-set-again.ts, the user reads cache's test holds the same list).
  it.each(valuesSetAgain(db, () => ({ brandId, influencerId })))("not %s", async (_, write) => {
    if (write.settle) await write.settle();
    await watched.barrier();
    expect(await forgetsCaches(write.write)).toBe(false);
  });

  it.each<[string, () => Promise<unknown>]>([
    [
      "a new deal",
      () =>
        db().execute(sql`insert into deals (user_id, title, link, category, price, description,
      networks, deadline) values (${brandId}, 'New kite', 'https://b.example', 'pet', 'p100_250', 'd', '{instagram}',
      now() + interval '9 days')`),
    ],
    ["a deal edited", () => db().update(deals).set({ title: "Renamed kite" }).where(eq(deals.id, dealId))],
    ["a deal paused", () => db().update(deals).set({ paused: true }).where(eq(deals.id, dealId))],
    ["a deal deleted", () => db().update(deals).set({ deletedAt: new Date() }).where(eq(deals.id, dealId))],
    [
      "a deal's image",
      async () => {
        const [file] = await db()
          .insert(files)
          .values({
            ownerId: brandId,
            purpose: "deal_image",
            storageKey: "search-changes-test",
            originalName: "kite.png",
            contentType: "image/png",
            sizeBytes: 1,
            sha256: "0".repeat(64),
          })
          .returning({ id: files.id });
        await db()
          .insert(dealImages)
          .values({ dealId, fileId: file?.id ?? "", position: 0 });
      },
    ],
    [
      "a brand's name",
      () => db().execute(sql`update brand_profiles set brand_name = 'Renamed' where user_id = ${brandId}`),
    ],
    [
      "an influencer's profile",
      () => db().execute(sql`update influencer_profiles set city = 'Paris' where user_id = ${influencerId}`),
    ],
    [
      "an influencer's average fee",
      () =>
        db().execute(sql`update influencer_profiles set average_fee_cents = coalesce(average_fee_cents, 0) + 1
          where user_id = ${influencerId}`),
    ],
    [
      "a network's followers",
      () => db().execute(sql`update networks set followers = followers + 1 where user_id = ${influencerId}`),
    ],
    ["a username", () => db().execute(sql`update users set username = 'renamedstar' where id = ${influencerId}`)],
    ["a picture", () => db().execute(sql`update users set picture = 'picture-id' where id = ${influencerId}`)],
    ["a network unlinked", () => db().execute(sql`delete from networks where user_id = ${influencerId}`)],
  ])("%s", async (_, write) => {
    expect(await forgetsCaches(write)).toBe(true);
  });

  it("forgets the caches when a write of this instance calls forget(), without waiting for its NOTIFY", async () => {
    for (const cache of watched.caches) await cache.get("key", () => Promise.resolve("cached"));
    watched.changes.forget();
    expect(watched.caches.map((cache) => cache.size())).toEqual([0, 0]);
  });
});
