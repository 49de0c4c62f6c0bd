import { createSession, notify, systemClock } from "@market/api";
import { createAdminUser, createBrand, TEST_ORIGIN, waitingApplication } from "@market/api/testing";
import type { NotificationJson } from "@market/contracts";
import { createDb, type Db, type DbHandle, eq, notifications } from "@market/db";
import { createTestDb, type TestDb } from "@market/db/testing";
import { createClient } from "@market/sdk";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "./app";
import { post } from "./testing/auth-helpers";
import { openSocket, wsOrigin } from "./testing/sockets";

/**
 * Live notifications across instances (issue 16): two apps on one database, as two server processes behind a
 * load balancer would be. On PostgreSQL (CI) each has its own pool and its own LISTEN connection; on PGlite both
 * share the one embedded database, which delivers NOTIFY in-process.
 */
let testDb: TestDb;
let second: DbHandle | undefined;
let a: FastifyInstance;
let b: FastifyInstance;
let db: Db;

beforeAll(async () => {
  testDb = await createTestDb();
  db = testDb.db;
  second = testDb.url ? await createDb({ url: testDb.url, max: 3 }) : undefined;
  a = await buildApp({ db, clock: systemClock, publicUrl: TEST_ORIGIN });
  b = await buildApp({ db: second?.db ?? db, clock: systemClock, publicUrl: TEST_ORIGIN });
  await a.listen({ port: 0, host: "127.0.0.1" });
  await b.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await second?.close();
  await testDb?.close();
});

const originOf = (app: FastifyInstance) => wsOrigin(app).replace(/^ws/, "http");
const tokenOf = async (userId: number, impersonatorId: number | null = null) =>
  (await createSession(db, systemClock, userId, impersonatorId)).token;
/** Opens /notifications on an app as a page of that app (its own Origin), once it listens (its ready frame). */
async function notificationsSocket(app: FastifyInstance, token: string, query = "") {
  const socket = await openSocket(`${wsOrigin(app)}/notifications${query}`, { token, origin: originOf(app) });
  expect(await socket.next()).toEqual({ ready: true });
  return socket;
}

async function writeNews(userId: number, count: number): Promise<number[]> {
  return db.transaction((tx) =>
    notify(
      tx,
      Array.from({ length: count }, (_, i) => ({ userId, type: "news" as const, text: `news ${i}` })),
    ),
  );
}

const idOf = (frame: unknown) => (frame as { notification: NotificationJson }).notification.id;

describe("a notification written through one instance", () => {
  it("reaches the other party's clients on the other instance, on both doors", async () => {
    const application = await waitingApplication(db, systemClock);
    const brandToken = await tokenOf(application.brand.id);
    const socket = await notificationsSocket(b, brandToken);
    const client = createClient({ url: originOf(b), token: brandToken, transport: "ws" });
    // As the web does: the stream resumes after the newest notification the header's list showed.
    const { items } = await client.trpc.notifications.list.query();
    const streamed: Array<{ id: string; data: { id: number; type: string; text: string | null } }> = [];
    const subscription = client.trpc.notifications.stream.subscribe(
      { lastEventId: String(items[0]?.id ?? 0) },
      { onData: (event) => streamed.push(event) },
    );
    try {
      const sent = await post(
        a,
        `/api/applications/${application.id}/messages`,
        { text: "Is the date fine?" },
        { token: await tokenOf(application.influencer.id) },
      );
      expect(sent.statusCode).toBe(200);

      const frame = (await socket.next()) as { notification: NotificationJson };
      expect(frame.notification).toMatchObject({
        type: "message",
        applicationId: application.id,
        dealId: application.dealId,
        text: "Is the date fine?",
        sender: { id: application.influencer.id, username: application.influencer.username },
        seen: false,
      });
      expect(Date.parse(frame.notification.created)).not.toBeNaN();
      await expect.poll(() => streamed.length).toBe(1);
      expect(streamed[0]).toMatchObject({ id: String(frame.notification.id), data: { type: "message" } });
      expect(await socket.quiet()).toEqual([]);
    } finally {
      subscription.unsubscribe();
      client.close();
      socket.close();
    }
  });
});

describe("resuming after a dropped connection", () => {
  it("gets exactly what was written meanwhile, then the live ones, on either instance", async () => {
    const brand = await createBrand(db);
    const token = await tokenOf(brand.id);
    const first = await notificationsSocket(a, token);
    const [seen] = await writeNews(brand.id, 1);
    expect(idOf(await first.next())).toBe(seen);
    first.socket.terminate();

    const missed = await writeNews(brand.id, 3);
    const resumed = await notificationsSocket(b, token, `?lastEventId=${seen}`);
    for (const id of missed) expect(idOf(await resumed.next())).toBe(id);
    const live = await writeNews(brand.id, 1);
    expect(idOf(await resumed.next())).toBe(live[0]);
    expect(await resumed.quiet()).toEqual([]);
    resumed.close();
  });

  it("through the tRPC stream's lastEventId as well", async () => {
    const brand = await createBrand(db);
    const token = await tokenOf(brand.id);
    const [seen, ...missed] = await writeNews(brand.id, 3);
    const client = createClient({ url: originOf(a), token, transport: "ws" });
    const ids: string[] = [];
    const subscription = client.trpc.notifications.stream.subscribe(
      { lastEventId: String(seen) },
      { onData: (event) => ids.push(event.id) },
    );
    try {
      await expect.poll(() => ids).toEqual(missed.map(String));
      const live = await writeNews(brand.id, 1);
      await expect.poll(() => ids).toEqual([...missed, ...live].map(String));
    } finally {
      subscription.unsubscribe();
      client.close();
    }
  });
});

describe("the upgrade", () => {
  it("refuses a page of another site on both doors, and a caller without a session", async () => {
    const brand = await createBrand(db);
    const token = await tokenOf(brand.id);
    const evil = { token, origin: "https://evil.example" };
    await expect(openSocket(`${wsOrigin(a)}/notifications`, evil)).rejects.toThrow("upgrade refused: 403");
    await expect(openSocket(`${wsOrigin(a)}/trpc`, evil)).rejects.toThrow("upgrade refused: 403");
    await expect(openSocket(`${wsOrigin(a)}/notifications`, { origin: originOf(a) })).rejects.toThrow(
      "upgrade refused: 401",
    );
    await expect(notificationsSocket(a, token, "?lastEventId=abc")).rejects.toThrow("upgrade refused: 400");
  });

  it("closes the sockets of a session that logs out on the other instance", async () => {
    const brand = await createBrand(db);
    const token = await tokenOf(brand.id);
    const socket = await notificationsSocket(b, token);
    const client = createClient({ url: originOf(b), token, transport: "ws" });
    const subscription = client.trpc.notifications.stream.subscribe(undefined, { onData: () => {} });
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await post(a, "/api/logout", undefined, { token })).statusCode).toBe(200);
      expect(await socket.closed).toEqual({ code: 4401, reason: "session ended" });
    } finally {
      subscription.unsubscribe();
      client.close();
    }
  });
});

describe("seen frames", () => {
  it("mark the user's notifications seen, and change nothing for an admin acting as the user", async () => {
    const brand = await createBrand(db);
    const admin = await createAdminUser(db);
    const ids = await writeNews(brand.id, 2);
    const acting = await notificationsSocket(a, await tokenOf(brand.id, admin.id));
    acting.send({ seen: ids });
    expect(await acting.next()).toEqual({ seen: ids, marked: 0, unread: 2 });
    const rows = await db.select().from(notifications).where(eq(notifications.userId, brand.id));
    expect(rows.map((row) => row.seenAt)).toEqual([null, null]);
    acting.close();

    const own = await notificationsSocket(b, await tokenOf(brand.id));
    own.send({ seen: ids.slice(0, 1) });
    expect(await own.next()).toEqual({ seen: ids.slice(0, 1), marked: 1, unread: 1 });
    own.close();
  });

  it("answer a bad frame with an error frame and its reason, and stay open", async () => {
    const brand = await createBrand(db);
    const socket = await notificationsSocket(a, await tokenOf(brand.id));
    for (const bad of ["not json", { seen: [] }, { seen: ["1"] }, { seen: [1], extra: true }, [1, 2], { seen: [-1] }]) {
      socket.send(bad);
      expect(await socket.next()).toMatchObject({ error: "invalid", status: 400 });
    }
    socket.socket.send(Buffer.from([1, 2, 3]), { binary: true });
    expect(await socket.next()).toMatchObject({ error: "invalid", status: 400 });
    // Still served: a notification arrives after all that.
    const [id] = await writeNews(brand.id, 1);
    expect(idOf(await socket.next())).toBe(id);
    socket.close();
  });

  it("are bounded: a flood is answered once with rate_limited, an oversized frame closes the socket", async () => {
    const brand = await createBrand(db);
    const socket = await notificationsSocket(a, await tokenOf(brand.id));
    for (let i = 0; i < 30; i += 1) socket.send("x");
    const frames = [...Array.from({ length: 20 }, () => socket.next()), socket.next()];
    const answers = (await Promise.all(frames)) as Array<{ error: string; status: number }>;

    expect(answers.slice(0, 20).every((frame) => frame.status === 400)).toBe(true);
    expect(answers[20]).toMatchObject({ error: "rate_limited", status: 429 });
    expect(await socket.quiet()).toEqual([]);

    const big = await notificationsSocket(a, await tokenOf(brand.id));
    // Over NOTIFICATIONS_WS_MAX_FRAME_BYTES (4,096): some 8,900 bytes.
    big.send({ seen: Array.from({ length: 2_000 }, (_, i) => i + 1) });
    expect(await big.next()).toMatchObject({ error: "invalid", status: 400 });

    expect((await big.closed).code).toBe(1009);
  });
});
