import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createSession, hashPassword, systemClock } from "@market/api";
import { createBrand, createInfluencer } from "@market/api/testing";
import { eq, users } from "@market/db";
import { createClient, reasonOf } from "@market/sdk";
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

  it("logs a script in and writes through a mutation, the CSRF check passed by stating the server's origin", async () => {
    const brand = await createBrand(server.db, { username: "sdkbrand" });
    const passwordHash = await hashPassword("a-script-password");
    await server.db.update(users).set({ passwordHash }).where(eq(users.id, brand.id));
    const client = createClient({ url: origin });

    await expect(client.login("sdkbrand", "wrong-password")).rejects.toSatisfy(
      (error) => reasonOf(error) === "bad_password",
    );
    expect(await client.login("sdkbrand", "a-script-password")).toMatchObject({ kind: "brand" });
    expect(await client.trpc.account.me.query()).toMatchObject({ kind: "brand", user: { hasSeenOnboarding: false } });
    await client.trpc.account.onboardingSeen.mutate();
    expect(await client.trpc.account.me.query()).toMatchObject({ user: { hasSeenOnboarding: true } });
    // A procedure's refusal comes with its reason.
    const refused = await client.trpc.deals.search.query({}).catch((error: unknown) => error);
    expect(reasonOf(refused)).toBe("forbidden");
  });

  it("refuses a cross-site write on /trpc in tRPC's own shape, with the reason, one item per call", async () => {
    const brand = await createBrand(server.db, { username: "csrfbrand" });
    const { token } = await createSession(server.db, systemClock, brand.id);
    const crossSite = {
      origin: "https://evil.example",
      cookie: `session=${token}`,
      "content-type": "application/json",
    };
    const batch = await fetch(`${origin}/trpc/account.onboardingSeen,auth.logout?batch=1`, {
      method: "POST",
      headers: crossSite,
      body: "{}",
    });
    expect(batch.status).toBe(403);
    const shape = (path: string) => ({
      error: {
        json: {
          message: "csrf",
          code: -32003,
          data: { code: "FORBIDDEN", httpStatus: 403, path, reason: "csrf" },
        },
      },
    });
    expect(await batch.json()).toMatchObject([shape("account.onboardingSeen"), shape("auth.logout")]);
    const single = await fetch(`${origin}/trpc/account.onboardingSeen`, {
      method: "POST",
      headers: crossSite,
      body: "{}",
    });
    expect(single.status).toBe(403);
    expect(await single.json()).toMatchObject(shape("account.onboardingSeen"));
  });

  it("refuses a login answered by something else than the server (a proxy's page) as generic", async () => {
    const proxy = createServer((_request, response) =>
      response.writeHead(502, { "content-type": "text/html" }).end("<h1>Bad gateway</h1>"),
    );
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    try {
      const client = createClient({ url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}` });
      const refused = await client.login("anyone", "any-password").catch((error: unknown) => error);
      expect(reasonOf(refused)).toBe("generic");
    } finally {
      await new Promise((resolve) => proxy.close(resolve));
    }
  });
});
