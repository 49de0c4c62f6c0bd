import type { AddressInfo } from "node:net";
import { createSession, systemClock } from "@market/api";
import { createBrand, createInfluencer } from "@market/api/testing";
import { createClient } from "@market/sdk";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "./testing/test-app";

const server = useTestApp();
let origin: string;

beforeAll(async () => {
  await createInfluencer(server.db, { username: "wsinfluencer" });
  await server.app.listen({ port: 0, host: "127.0.0.1" });
  origin = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
});

describe("tRPC transports on one port", () => {
  it("answers over HTTP batching", async () => {
    const client = createClient({ url: origin });
    const [me, search] = await Promise.all([client.trpc.account.me.query(), client.trpc.influencers.search.query({})]);
    expect(me).toEqual({ kind: "visitor", user: null });
    expect(search.influencers.map((card) => card.username)).toEqual(["wsinfluencer"]);
  });

  it("answers over the WebSocket, authenticated by the session cookie of the upgrade", async () => {
    const brand = await createBrand(server.db, { username: "wsbrand" });
    const { token } = await createSession(server.db, systemClock, brand.id);
    const client = createClient({ url: origin, token, transport: "ws" });
    try {
      const me = await client.trpc.account.me.query();
      expect(me).toMatchObject({ kind: "brand", user: { username: "wsbrand", isBrand: true, balanceCents: null } });
    } finally {
      client.close();
    }
  });
});
