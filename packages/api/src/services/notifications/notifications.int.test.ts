import { NOTIFICATIONS_PAGE_SIZE, type NotificationView } from "@market/contracts";
import { type Db, eq, notifications } from "@market/db";
import { createTestDb, type TestDb } from "@market/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../../clock";
import { callerFor, createAdminUser, createBrand, createInfluencer } from "../../testing";
import { createSession, validateSessionToken } from "../auth/sessions";
import { createNotificationHub, type NotificationHub } from "./hub";
import { notify } from "./notify";
import { notificationStream } from "./stream";

let testDb: TestDb;
let db: Db;
let hub: NotificationHub;

beforeAll(async () => {
  testDb = await createTestDb();
  db = testDb.db;
  hub = createNotificationHub({ db, clock: systemClock });
});
afterAll(async () => {
  await hub.close();
  await testDb.close();
});

/** Writes `count` news notifications to the user through notify(), one transaction; their ids. */
async function writeNews(userId: number, count: number, senderId: number | null = null): Promise<number[]> {
  return db.transaction((tx) =>
    notify(
      tx,
      Array.from({ length: count }, (_, i) => ({ userId, type: "news" as const, text: `news ${i}`, senderId })),
    ),
  );
}

async function viewerOf(userId: number, impersonatorId: number | null = null) {
  const { token } = await createSession(db, systemClock, userId, impersonatorId);
  const viewer = await validateSessionToken(db, systemClock, token);
  if (!viewer) throw new Error("no viewer");
  return viewer;
}

/** Reads `count` events of a stream, then stops it. */
async function take(stream: AsyncGenerator<NotificationView>, count: number, abort: AbortController) {
  const taken: NotificationView[] = [];
  for await (const notification of stream) {
    taken.push(notification);
    if (taken.length === count) break;
  }
  abort.abort();
  return taken;
}

describe("notifications.list", () => {
  it("pages the caller's notifications newest first, with the sender and the unread count", async () => {
    const brand = await createBrand(db);
    const other = await createInfluencer(db);
    const ids = await writeNews(brand.id, NOTIFICATIONS_PAGE_SIZE + 3, other.id);
    await writeNews(other.id, 2);
    const caller = await callerFor(db, { userId: brand.id });

    const first = await caller.notifications.list();
    expect(first.items.map((n) => n.id)).toEqual(ids.slice(3).reverse());
    expect(first.unread).toBe(NOTIFICATIONS_PAGE_SIZE + 3);
    expect(first.items[0]).toMatchObject({ type: "news", sender: { id: other.id, username: other.username } });
    const second = await caller.notifications.list({ before: first.before ?? undefined });
    expect(second.items.map((n) => n.id)).toEqual(ids.slice(0, 3).reverse());
    expect(second.before).toBeNull();
  });
});

describe("notifications.seen", () => {
  it("marks the caller's own notifications only", async () => {
    const brand = await createBrand(db);
    const other = await createBrand(db);
    const mine = await writeNews(brand.id, 3);
    const theirs = await writeNews(other.id, 1);
    const caller = await callerFor(db, { userId: brand.id });

    expect(await caller.notifications.seen({ ids: [...mine.slice(0, 2), ...theirs] })).toEqual({
      marked: 2,
      unread: 1,
    });
    const [their] = await db.select().from(notifications).where(eq(notifications.userId, other.id));
    expect(their?.seenAt).toBeNull();
  });

  it("changes nothing for an admin acting as the user (spec section 6)", async () => {
    const brand = await createBrand(db);
    const admin = await createAdminUser(db);
    const ids = await writeNews(brand.id, 2);
    const acting = await callerFor(db, { userId: brand.id, impersonatorId: admin.id });

    expect(await acting.notifications.seen({ ids })).toEqual({ marked: 0, unread: 2 });
    const rows = await db.select().from(notifications).where(eq(notifications.userId, brand.id));
    expect(rows.map((row) => row.seenAt)).toEqual([null, null]);
  });
});

describe("notificationStream", () => {
  it("sends what came after the last id seen, then the live ones, each once", async () => {
    const brand = await createBrand(db);
    const viewer = await viewerOf(brand.id);
    const [seen, ...missed] = await writeNews(brand.id, 3);
    const abort = new AbortController();
    const stream = notificationStream({ db, notificationHub: hub }, viewer, seen ?? 0, abort.signal);
    const reading = take(stream, 4, abort);
    // Written once the stream listens: its catch-up may or may not see them, the stream sends them once.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const live = await writeNews(brand.id, 2);

    expect((await reading).map((n) => n.id)).toEqual([...missed, ...live]);
  });

  it("without a last id starts after the newest and never sends another user's", async () => {
    const brand = await createBrand(db);
    const other = await createBrand(db);
    await writeNews(brand.id, 2);
    const abort = new AbortController();
    const stream = notificationStream({ db, notificationHub: hub }, await viewerOf(brand.id), null, abort.signal);
    const reading = take(stream, 1, abort);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await writeNews(other.id, 1);
    const [next] = await writeNews(brand.id, 1);

    expect((await reading).map((n) => n.id)).toEqual([next]);
  });
});
