import { DAY_MS } from "@market/contracts";
import { applications, type Db, eq, notifications, rowsOf, sql } from "@market/db";
import { createTestDb, type TestDb, testDatabaseUrl } from "@market/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import {
  callerFor,
  campaignBody,
  createBrand,
  type TestCaller,
  untilWaitingForLocks,
  waitingApplication,
} from "../../testing";
import { notify } from "./notify";

// applications.influencer_unseen_at, the key of the influencer's notif sort (migration 0032): the notifications'
// triggers keep it equal to the newest of the influencer's unseen notifications about the application, whoever
// writes them, and the list reads its order and unread counts as the notifications say.

let testDb: TestDb;
let db: Db;
const clock = fixedClock(new Date("2026-06-01T12:00:00Z"));
const minutesAgo = (minutes: number) => new Date(clock.now().getTime() - minutes * 60_000);

let influencerId: number;
let brandId: number;
let influencer: TestCaller;
let adminAsInfluencer: TestCaller;
/** The influencer's three applications, oldest update first. */
let own: [number, number, number];

beforeAll(async () => {
  testDb = await createTestDb();
  db = testDb.db;
  const first = await waitingApplication(db, clock);
  influencerId = first.influencer.id;
  brandId = first.brand.id;
  influencer = first.callers.influencer;
  adminAsInfluencer = first.callers.adminAsInfluencer;
  const ids = [first.id];
  for (const name of ["Second Brand", "Third Brand"]) {
    const brand = await createBrand(db, { brandName: name });
    const dealId = (await (await callerFor(db, { userId: brand.id }, clock)).deals.create(campaignBody(clock))).id;
    const { id } = await influencer.applications.create({
      dealId,
      text: "Count me in",
      expiration: new Date(clock.now().getTime() + 30 * DAY_MS),
      prices: [{ networkId: first.instagram, price: 900, creationDays: 3 }],
    });
    ids.push(id);
  }
  // Distinct update instants, the first application the oldest.
  for (const [index, id] of ids.entries()) {
    await db
      .update(applications)
      .set({ updatedAt: new Date(clock.now().getTime() - (3 - index) * DAY_MS) })
      .where(eq(applications.id, id));
  }
  own = ids as [number, number, number];
  // The applications were created through the service, which notified the brands only: nothing unseen yet.
}, 60_000);
afterAll(() => testDb.close());

/** Applications whose kept key differs from their influencer's unseen notifications (none, always). */
const drifted = async () =>
  rowsOf<{ id: number }>(
    await db.execute(sql`select a.id from applications a
      where a.influencer_unseen_at is distinct from coalesce((select max(n.created_at) from notifications n
        where n.user_id = a.influencer_id and n.application_id = a.id and n.seen_at is null), '-infinity')`),
  );

/**
 * What the notif list must read, worked out from the notifications themselves: the newest unseen notification
 * first, then the latest update, then the id; each with its count of unseen notifications.
 */
async function expectedList() {
  const rows = rowsOf<{ id: number; newest: Date | string | null; updated: Date | string; unread: number }>(
    await db.execute(sql`select a.id, a.updated_at as updated,
        (select max(n.created_at) from notifications n
          where n.user_id = a.influencer_id and n.application_id = a.id and n.seen_at is null) as newest,
        (select count(*)::int from notifications n
          where n.user_id = a.influencer_id and n.application_id = a.id and n.seen_at is null) as unread
      from applications a where a.influencer_id = ${influencerId}`),
  );
  const time = (value: Date | string | null) => (value === null ? -Infinity : new Date(value).getTime());
  rows.sort((a, b) => time(b.newest) - time(a.newest) || time(b.updated) - time(a.updated) || b.id - a.id);
  return rows.map((row) => [Number(row.id), Number(row.unread)]);
}

/** The influencer's notif list, one card a page (so every card is reached through a cursor), as [id, unread]. */
async function listed() {
  const cards: [number, number][] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 10; page += 1) {
    const answer = await influencer.applications.list({ sort: "notif", ...(cursor ? { cursor } : {}) });
    cards.push(...answer.applications.map((card): [number, number] => [card.id, card.unread]));
    if (!answer.nextCursor) return cards;
    cursor = answer.nextCursor;
  }
  throw new Error("the cursor never ends");
}

const unseenIds = async (applicationId?: number) =>
  rowsOf<{ id: number }>(
    await db.execute(sql`select id from notifications where user_id = ${influencerId} and seen_at is null
      and (${applicationId ?? null}::int is null or application_id = ${applicationId ?? null}::int)
      order by created_at desc`),
  ).map((row) => Number(row.id));

async function expectListAsNotificationsSay(order: number[], unread: number[]) {
  expect(await drifted()).toEqual([]);
  const expected = await expectedList();
  // The fixture's own reading of the notifications, so that a wrong expectation cannot pass unnoticed.
  expect(expected).toEqual(order.map((id, index) => [id, unread[index]]));
  expect(await listed()).toEqual(expected);
  const firstPage = await influencer.applications.list({ sort: "notif" });
  expect(firstPage.applications.map((card) => [card.id, card.unread])).toEqual(expected);
}

describe("the influencer's notif list after notifications and seen marks", () => {
  it("orders by the newest unseen notification, then by update, and counts the unseen ones, mark after mark", async () => {
    const [a, b, c] = own;
    await expectListAsNotificationsSay([c, b, a], [0, 0, 0]);

    await db.transaction((tx) =>
      notify(tx, [
        { userId: influencerId, type: "message", applicationId: a, createdAt: minutesAgo(10) },
        { userId: influencerId, type: "message", applicationId: a, createdAt: minutesAgo(50) },
        { userId: influencerId, type: "payment", applicationId: b, createdAt: minutesAgo(30) },
        // The brand's notification about the influencer's application does not count.
        { userId: brandId, type: "message", applicationId: c, createdAt: minutesAgo(1) },
      ]),
    );
    await expectListAsNotificationsSay([a, b, c], [2, 1, 0]);

    // The newest of a's marked seen (the bell): a's older one still puts it after b's.
    const [newestOfA] = await unseenIds(a);
    expect(await influencer.notifications.seen({ ids: [newestOfA as number] })).toMatchObject({ marked: 1 });
    await expectListAsNotificationsSay([b, a, c], [1, 1, 0]);

    // An admin acting as the influencer marks nothing (spec section 6): nothing moves.
    expect(await adminAsInfluencer.notifications.seeApplication({ applicationId: b })).toMatchObject({ marked: 0 });
    expect(await adminAsInfluencer.notifications.seen({ ids: await unseenIds() })).toMatchObject({ marked: 0 });
    await expectListAsNotificationsSay([b, a, c], [1, 1, 0]);

    // b's page opened: b goes back among the read ones, by its update.
    expect(await influencer.notifications.seeApplication({ applicationId: b })).toMatchObject({ marked: 1 });
    await expectListAsNotificationsSay([a, c, b], [1, 0, 0]);

    // A chat message from the brand notifies through the service.
    await (await callerFor(db, { userId: brandId }, clock)).chat.send({ id: a, text: "Any news?" });
    await expectListAsNotificationsSay([a, c, b], [2, 0, 0]);

    // Everything marked at once (the bell's "mark all"), then a deleted unseen notification.
    await db.transaction((tx) =>
      notify(tx, [{ userId: influencerId, type: "payment", applicationId: c, createdAt: minutesAgo(2) }]),
    );
    await expectListAsNotificationsSay([a, c, b], [2, 1, 0]);
    expect(await influencer.notifications.seen({ ids: await unseenIds() })).toMatchObject({ marked: 3 });
    await expectListAsNotificationsSay([c, b, a], [0, 0, 0]);
    await db.transaction((tx) =>
      notify(tx, [{ userId: influencerId, type: "message", applicationId: a, createdAt: minutesAgo(1) }]),
    );
    await expectListAsNotificationsSay([a, c, b], [1, 0, 0]);
    await db.delete(notifications).where(eq(notifications.userId, influencerId));
    await expectListAsNotificationsSay([c, b, a], [0, 0, 0]);
  });
});

describe("the lock order of the key's writers", () => {
  // Two connections at once: PGlite has one, so this runs on PostgreSQL (CI).
  it.runIf(Boolean(testDatabaseUrl))(
    "takes the application's row before the influencer's notification lock, so a lifecycle action cannot deadlock with a notification",
    async () => {
      const [a] = own;
      const notice = (minutes: number) => ({
        userId: influencerId,
        type: "message" as const,
        applicationId: a,
        createdAt: minutesAgo(minutes),
      });
      let other: Promise<unknown> = Promise.resolve();
      await db.transaction(async (tx) => {
        // A lifecycle action holds the row, as apply-action does, and notifies the influencer last.
        await tx.execute(sql`select id from applications where id = ${a} for update`);
        // Another writer notifies the same influencer about it meanwhile (a feedback, a sweep): it waits for the
        // row without holding the influencer's lock, else the notify below would wait for it (40P01).
        other = db.transaction((other) => notify(other, [notice(4)]));
        await untilWaitingForLocks(db);
        await notify(tx, [notice(3)]);
      });
      await other;
      expect(await drifted()).toEqual([]);
      expect(await unseenIds(a)).toHaveLength(2);
      await db.delete(notifications).where(eq(notifications.userId, influencerId));
    },
  );
});
