import { createSession, notify, systemClock } from "@market/api";
import { apiKeyFor, createBrand, TEST_ORIGIN } from "@market/api/testing";
import type { NotificationJson } from "@market/contracts";
import { apiKeys, eq } from "@market/db";
import { createTestDb, type TestDb } from "@market/db/testing";
import { createClient, reasonOf } from "@market/sdk";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { post } from "../testing/auth-helpers";
import { openSocket, wsOrigin } from "../testing/sockets";
import { CLOSE_SESSION_ENDED } from "./notifications-socket";

/**
 * A script's API key on the live notifications' WebSocket (issue 39): `Authorization: Bearer <key>` on the upgrade,
 * as on REST, no cookie and no Origin; the key needs applications:read (notifications.stream's scope), and
 * applications:write to mark notifications seen.
 */
let testDb: TestDb;
let app: FastifyInstance;

beforeAll(async () => {
  testDb = await createTestDb();
  app = await buildApp({ db: testDb.db, clock: systemClock, publicUrl: TEST_ORIGIN });
  await app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(async () => {
  await app?.close();
  await testDb?.close();
});

const sessionOf = async (userId: number) => (await createSession(testDb.db, systemClock, userId, null)).token;
const url = (path = "/notifications") => `${wsOrigin(app)}${path}`;

async function news(userId: number, text: string): Promise<number> {
  const [id] = await testDb.db.transaction((tx) => notify(tx, [{ userId, type: "news", text }]));
  if (id === undefined) throw new Error("no notification written");
  return id;
}

describe("WS /notifications with an API key", () => {
  it("subscribes with applications:read: the key's owner's notifications arrive, and the key's use is recorded", async () => {
    const brand = await createBrand(testDb.db);
    const { id: keyId, key } = await apiKeyFor(testDb.db, brand.id, { scopes: ["applications:read"] });
    const socket = await openSocket(url(), { bearer: key });
    try {
      expect(await socket.next()).toEqual({ ready: true });
      const id = await news(brand.id, "Hello script");
      const frame = (await socket.next()) as { notification: NotificationJson };
      expect(frame.notification).toMatchObject({ id, type: "news", text: "Hello script" });
      // Another user's notification does not reach this key's socket.
      await news((await createBrand(testDb.db)).id, "Not yours");
      expect(await socket.quiet()).toEqual([]);

      // Reading is not marking: a seen frame needs applications:write.
      socket.send({ seen: [id] });
      expect(await socket.next()).toMatchObject({ error: "scope", status: 403 });
      const [row] = await testDb.db.select().from(apiKeys).where(eq(apiKeys.id, keyId));
      expect(row?.lastUsedAt).not.toBeNull();
    } finally {
      socket.close();
    }
  });

  it("marks notifications seen with applications:write", async () => {
    const brand = await createBrand(testDb.db);
    const { key } = await apiKeyFor(testDb.db, brand.id, { scopes: ["applications:read", "applications:write"] });
    const socket = await openSocket(url(), { bearer: key });
    try {
      expect(await socket.next()).toEqual({ ready: true });
      const id = await news(brand.id, "Mark me");
      await socket.next();
      socket.send({ seen: [id] });
      expect(await socket.next()).toMatchObject({ seen: [id], marked: 1, unread: 0 });
    } finally {
      socket.close();
    }
  });

  it("refuses the upgrade of a key outside the scope, an unknown or revoked key, and a key in the query string", async () => {
    const brand = await createBrand(testDb.db);
    const outside = await apiKeyFor(testDb.db, brand.id, { scopes: ["campaigns:read", "applications:write"] });
    await expect(openSocket(url(), { bearer: outside.key })).rejects.toThrow(/upgrade refused: 403 .*"scope"/);

    const revoked = await apiKeyFor(testDb.db, brand.id, { scopes: ["applications:read"] });
    await testDb.db.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, revoked.id));
    await expect(openSocket(url(), { bearer: revoked.key })).rejects.toThrow(/upgrade refused: 401 .*"key_revoked"/);
    await expect(openSocket(url(), { bearer: `${revoked.key.slice(0, -4)}AAAA` })).rejects.toThrow(
      /upgrade refused: 401 .*"key_invalid"/,
    );

    // In the query string the key has leaked (logs, proxies): refused even with the header, on both doors.
    const fine = await apiKeyFor(testDb.db, brand.id, { scopes: ["applications:read"] });
    for (const door of ["/notifications", "/trpc"]) {
      await expect(openSocket(url(`${door}?key=${fine.key}`), { bearer: fine.key })).rejects.toThrow(
        /upgrade refused: 400 .*"key_in_query"/,
      );
    }
    // A key beside a session cookie is one identity too many.
    const token = await sessionOf(brand.id);
    await expect(openSocket(url(), { bearer: fine.key, token })).rejects.toThrow(
      /upgrade refused: 400 .*"key_with_session"/,
    );
  });

  it("closes the key's open socket when its owner revokes the key", async () => {
    const brand = await createBrand(testDb.db);
    const { id, key } = await apiKeyFor(testDb.db, brand.id, { scopes: ["applications:read"] });
    const socket = await openSocket(url(), { bearer: key });
    expect(await socket.next()).toEqual({ ready: true });
    const token = await sessionOf(brand.id);
    const revoke = await post(app, `/api/keys/${id}/revoke`, {}, { token });
    expect(revoke.statusCode, revoke.body).toBe(200);
    // At the revocation's commit (its NOTIFY), not at the next check of the open sockets' sessions.
    const closed = await Promise.race([
      socket.closed,
      new Promise((resolve) => setTimeout(() => resolve("still open"), 5_000)),
    ]);
    expect(closed).toEqual({ code: CLOSE_SESSION_ENDED, reason: "session ended" });
  });
});

describe("the tRPC WebSocket with an API key", () => {
  const originOf = () => wsOrigin(app).replace(/^ws/, "http");

  it("streams the key's owner's notifications through notifications.stream", async () => {
    const brand = await createBrand(testDb.db);
    const { key } = await apiKeyFor(testDb.db, brand.id, { scopes: ["applications:read"] });
    const client = createClient({ url: originOf(), apiKey: key, transport: "ws" });
    const streamed: number[] = [];
    // From the start (lastEventId 0): a notification written before the socket listens is caught up, not lost.
    const subscription = client.trpc.notifications.stream.subscribe(
      { lastEventId: "0" },
      { onData: (event) => streamed.push(event.data.id) },
    );
    try {
      const id = await news(brand.id, "Over tRPC");
      await expect.poll(() => streamed).toContain(id);
    } finally {
      subscription.unsubscribe();
      client.close();
    }
  });

  it("refuses the subscription of a key without applications:read, with the reason", async () => {
    const brand = await createBrand(testDb.db);
    const { key } = await apiKeyFor(testDb.db, brand.id, { scopes: ["campaigns:read"] });
    const client = createClient({ url: originOf(), apiKey: key, transport: "ws" });
    const reasons: Array<string | null> = [];
    const subscription = client.trpc.notifications.stream.subscribe(
      { lastEventId: "0" },
      { onError: (error) => reasons.push(reasonOf(error)) },
    );
    try {
      await expect.poll(() => reasons).toEqual(["scope"]);
    } finally {
      subscription.unsubscribe();
      client.close();
    }
  });
});
