import {
  applications,
  channelListenerOf,
  dealImages,
  deals,
  deliveredPosts,
  deliveries,
  eq,
  files,
  notifications,
  payouts,
  postStatisticsSnapshots,
  sql,
} from "@market/db";
import { createTestDb, type TestDb } from "@market/db/testing";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import { createBrand, createInfluencer, notifyBarrier, valuesSetAgain, waitingApplication } from "../testing";
import { saveSettings } from "./settings/save-settings";
import { createUserReadsCache, type UserReadsCache } from "./user-reads-cache";
import { type ReadsChanges, usersOfPayload, watchReadsChanges } from "./user-reads-changes";

let testDb: TestDb;
const clock = fixedClock(new Date("2026-06-01T12:00:00Z"));
/** The application's parties, and a brand and an influencer who have nothing to do with it. */
let brandId: number;
let influencerId: number;
let bystanders: number[];
let applicationId: number;
let dealId: number;
let watched: { cache: UserReadsCache; changes: ReadsChanges; barrier: () => Promise<void> };
let stopBarrier: () => Promise<void>;

beforeAll(async () => {
  testDb = await createTestDb();
  const waiting = await waitingApplication(testDb.db, clock);
  brandId = waiting.brand.id;
  influencerId = waiting.influencer.id;
  applicationId = waiting.id;
  dealId = waiting.dealId;
  bystanders = [(await createBrand(testDb.db)).id, (await createInfluencer(testDb.db)).id];

  const cache = createUserReadsCache({ clock });
  const listener = channelListenerOf(testDb.db);
  const changes = watchReadsChanges({ listener, cache });
  await changes.ready();
  const { barrier, stop } = await notifyBarrier(testDb.db, listener, "reads_changes_test_barrier");
  stopBarrier = stop;
  watched = { cache, changes, barrier };
});
beforeEach(() => watched.changes.forget());
afterAll(async () => {
  await stopBarrier();
  await watched.changes.close();
  await testDb.close();
});

const db = () => testDb.db;

/** Caches a read for the two parties and the two bystanders, runs a write, and says whose reads were forgotten. */
async function forgottenBy(write: () => Promise<unknown>): Promise<string[]> {
  const users = { brand: brandId, influencer: influencerId, otherBrand: bystanders[0], otherInfluencer: bystanders[1] };
  for (const userId of Object.values(users)) {
    await watched.cache.get(userId ?? 0, "list", () => Promise.resolve({ value: "cached", changesAt: null }));
  }
  await write();
  await watched.barrier();
  const forgotten: string[] = [];
  for (const [name, userId] of Object.entries(users)) {
    let loaded = false;
    await watched.cache.get(userId ?? 0, "list", () => {
      loaded = true;
      return Promise.resolve({ value: "read again", changesAt: null });
    });
    if (loaded) forgotten.push(name);
  }
  return forgotten;
}

const PARTIES = ["brand", "influencer"];
const EVERYONE = ["brand", "influencer", "otherBrand", "otherInfluencer"];

describe("reads_changed: what users' own screens read NOTIFIES every instance at commit, naming whose", () => {
  it.each<[string, () => Promise<unknown>, string[]]>([
    [
      "an application's update names both parties",
      () => db().update(applications).set({ text: "Changed" }).where(eq(applications.id, applicationId)),
      PARTIES,
    ],
    [
      "a notification names its user",
      () => db().insert(notifications).values({ userId: brandId, type: "message", applicationId }),
      ["brand"],
    ],
    // An influencer's unseen notifications also move their application's key of the "new first" sort (migration
    // 0032), an update of the application: both parties.
    [
      "an influencer's notification names both parties",
      () => db().insert(notifications).values({ userId: influencerId, type: "message", applicationId }),
      PARTIES,
    ],
    [
      "a notification seen names its user",
      () => db().update(notifications).set({ seenAt: clock.now() }).where(eq(notifications.userId, brandId)),
      ["brand"],
    ],
    [
      "a campaign paused names its brand",
      () => db().update(deals).set({ paused: true }).where(eq(deals.id, dealId)),
      ["brand"],
    ],
    [
      "a campaign's title: everyone who applied reads it",
      () => db().update(deals).set({ title: "Renamed kite" }).where(eq(deals.id, dealId)),
      EVERYONE,
    ],
    [
      "a campaign's image",
      async () => {
        const [file] = await db()
          .insert(files)
          .values({
            ownerId: brandId,
            purpose: "deal_image",
            storageKey: "reads-changes-test",
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
      EVERYONE,
    ],
    [
      "a brand's name",
      () => db().execute(sql`update brand_profiles set brand_name = 'Renamed' where user_id = ${brandId}`),
      EVERYONE,
    ],
    [
      "an influencer's city",
      () => db().execute(sql`update influencer_profiles set city = 'Paris' where user_id = ${influencerId}`),
      EVERYONE,
    ],
    [
      "a username",
      () => db().execute(sql`update users set username = 'renamedstar' where id = ${influencerId}`),
      EVERYONE,
    ],
    ["a picture", () => db().execute(sql`update users set picture = 'picture-id' where id = ${brandId}`), EVERYONE],
    [
      "an application's price names both parties",
      () =>
        db().execute(sql`update application_prices set creation_days = creation_days + 1
        where application_id = ${applicationId}`),
      PARTIES,
    ],
    [
      "a payout names its influencer",
      () =>
        db().insert(payouts).values({ userId: influencerId, method: "paypal", amountCents: 100, email: "i@x.test" }),
      ["influencer"],
    ],
    // The reports read each hire's current delivery, its posts and their readings (0055).
    [
      "a delivery names both parties",
      () => db().insert(deliveries).values({ applicationId, userId: influencerId }),
      PARTIES,
    ],
    [
      "a delivered post names both parties",
      async () => {
        const [delivery] = await db().select({ id: deliveries.id }).from(deliveries).limit(1);
        await db()
          .insert(deliveredPosts)
          .values({ deliveryId: delivery?.id ?? 0, networkType: "instagram", url: "https://instagram.com/p/reads" });
      },
      PARTIES,
    ],
    [
      "a post's statistics reading names both parties",
      async () => {
        const [post] = await db().select({ id: deliveredPosts.id }).from(deliveredPosts).limit(1);
        await db()
          .insert(postStatisticsSnapshots)
          .values({ deliveredPostId: post?.id ?? 0, kind: "initial", takenAt: clock.now(), views: 10 });
      },
      PARTIES,
    ],
    [
      "an application deleted names both parties",
      () => db().delete(applications).where(eq(applications.id, applicationId)),
      PARTIES,
    ],
  ])("%s", async (_, write, expected) => {
    expect(await forgottenBy(write)).toEqual(expected);
  });

  it.each<[string, () => Promise<unknown>]>([
    [
      "a login (users.last_login_at)",
      () => db().execute(sql`update users set last_login_at = now() where id = ${brandId}`),
    ],
    [
      "a notification mailed (the mail sweep)",
      () => db().update(notifications).set({ mailedAt: clock.now() }).where(eq(notifications.userId, influencerId)),
    ],
    [
      "an influencer's statistics",
      () =>
        db().execute(sql`update influencer_profiles set total_reach = total_reach + 1 where user_id = ${influencerId}`),
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
    expect(await forgottenBy(write)).toEqual([]);
  });

  it("not a post's check bookkeeping (the sweeps' attempts and due times)", async () => {
    // The application of the parties was deleted above: a new one, delivered, with a post.
    const [application] = await db()
      .insert(applications)
      .values({ dealId, brandId, influencerId, status: "WAITING", text: "Again", expiration: clock.now() })
      .returning({ id: applications.id });
    const [delivery] = await db()
      .insert(deliveries)
      .values({ applicationId: application?.id ?? 0, userId: influencerId })
      .returning({ id: deliveries.id });
    const [post] = await db()
      .insert(deliveredPosts)
      .values({ deliveryId: delivery?.id ?? 0, networkType: "youtube", url: "https://youtube.com/watch?v=reads" })
      .returning({ id: deliveredPosts.id });
    await watched.barrier();
    const bookkeeping = () =>
      db().execute(sql`update delivered_posts set check_attempts = check_attempts + 1, check_due_at = now()
        where id = ${post?.id ?? 0}`);
    expect(await forgottenBy(bookkeeping)).toEqual([]);
    // While the post it names is there, a reading is not bookkeeping.
    expect(
      await forgottenBy(() =>
        db()
          .insert(postStatisticsSnapshots)
          .values({ deliveredPostId: post?.id ?? 0, kind: "day1", takenAt: clock.now(), views: 5 }),
      ),
    ).toEqual(PARTIES);
  });

  it("not an influencer's settings saved with a new text about them (no read of another user shows it)", async () => {
    const save = (about: string) =>
      saveSettings(
        db(),
        clock,
        { userId: influencerId, kind: "influencer" },
        {
          field: "profile",
          data: {
            about,
            category: "sports",
            city: "Porto",
            country: "pt",
            audience: { males: 60, ages: [20, 35], interests: ["running"], country: "es" },
          },
        },
      );
    await save("First, with the city and country it keeps");
    await watched.barrier();
    // An update of its row: as an upsert it fired influencer_profiles' INSERT statement trigger, which names everyone.
    expect(await forgottenBy(() => save("Second"))).toEqual([]);
  });

  // Named, not changed: drizzle/0054 (testing/values-set-again.ts, the search caches' test holds the same list).
  it.each(valuesSetAgain(db, () => ({ brandId, influencerId })))("not %s", async (_, write) => {
    if (write.settle) await write.settle();
    await watched.barrier();
    expect(await forgottenBy(write.write)).toEqual([]);
  });

  it("forgets everything when its LISTEN is back after a loss (the NOTIFYs sent meanwhile are gone)", async () => {
    let onListening: () => void = () => {};
    const cache = createUserReadsCache({ clock });
    const changes = watchReadsChanges({
      listener: {
        listen: async (_channel, _onPayload, listening) => {
          onListening = listening;
          return async () => {};
        },
      },
      cache,
    });
    await changes.ready();
    await cache.get(brandId, "list", () => Promise.resolve({ value: "cached", changesAt: null }));
    onListening();
    expect(cache.size()).toBe(0);
  });
});

describe("a reads_changed payload", () => {
  it("names users by id, or everyone for `*`, an empty payload or anything this code did not write", () => {
    expect(usersOfPayload("12,7")).toEqual([12, 7]);
    expect(usersOfPayload("5")).toEqual([5]);
    expect(usersOfPayload("*")).toBe("everyone");
    expect(usersOfPayload("")).toBe("everyone");
    expect(usersOfPayload("12,x")).toBe("everyone");
    expect(usersOfPayload("-1")).toBe("everyone");
  });
});
