import type { AddressInfo } from "node:net";
import { createSession, systemClock } from "@market/api";
import { createBrand, createInfluencer } from "@market/api/testing";
import { createTestDb, type TestDb } from "@market/db/testing";
import { createClient } from "@market/sdk";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "./app";

let testDb: TestDb;
let app: FastifyInstance;
let origin: string;

beforeAll(async () => {
  testDb = await createTestDb();
  await createInfluencer(testDb.db, { username: "wsinfluencer" });
  app = await buildApp({ db: testDb.db, clock: systemClock });
  await app.listen({ port: 0, host: "127.0.0.1" });
  origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await app.close();
  await testDb.close();
});

describe("tRPC transports on one port", () => {
  it("answers over HTTP batching", async () => {
    const client = createClient({ url: origin });
    const [me, search] = await Promise.all([client.trpc.account.me.query(), client.trpc.influencers.search.query({})]);
    expect(me).toEqual({ kind: "visitor", user: null });
    expect(search.influencers.map((card) => card.username)).toEqual(["wsinfluencer"]);
  });

  it("answers over the WebSocket, authenticated by the session cookie of the upgrade", async () => {
    const brand = await createBrand(testDb.db, { username: "wsbrand" });
    const { token } = await createSession(testDb.db, systemClock, brand.id);
    const client = createClient({ url: origin, token, transport: "ws" });
    try {
      const me = await client.trpc.account.me.query();
      expect(me).toMatchObject({ kind: "brand", user: { username: "wsbrand", isBrand: true, balanceCents: null } });
    } finally {
      client.close();
    }
  });
});
