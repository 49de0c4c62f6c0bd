import { systemClock } from "@market/api";
import { TEST_ORIGIN } from "@market/api/testing";
import type { FastifyInstance } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { type AppDeps, buildApp } from "../app";
import { setSessionCookie } from "../testing/auth-helpers";
import { useTestApp } from "../testing/test-app";

const server = useTestApp();
const apps: FastifyInstance[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
});

async function appWith(deps: Partial<AppDeps>): Promise<FastifyInstance> {
  const app = await buildApp({ db: server.db, clock: systemClock, publicUrl: TEST_ORIGIN, ...deps });
  apps.push(app);
  return app;
}

/** The session cookie's attributes as a logout from this address with these headers sets them (it clears it). */
async function sessionCookieOf(app: FastifyInstance, remoteAddress: string, headers: Record<string, string> = {}) {
  const response = await app.inject({
    method: "POST",
    url: "/api/logout",
    remoteAddress,
    headers: { "content-type": "application/json", "sec-fetch-site": "same-origin", ...headers },
    payload: "{}",
  });
  expect(response.statusCode).toBe(200);
  return setSessionCookie(response)?.header ?? "";
}

describe("the session cookie's Secure attribute", () => {
  it("is set on an https site whatever the hop before the server said, even over plain http", async () => {
    const app = await appWith({ publicUrl: "https://market.example" });
    // A proxy not on loopback (not trusted by default): its X-Forwarded-Proto is not believed, the site still is.
    expect(await sessionCookieOf(app, "10.1.2.3")).toMatch(/; Secure/);
    expect(await sessionCookieOf(app, "10.1.2.3", { "x-forwarded-proto": "http" })).toMatch(/; Secure/);
  });

  it("is left off on a plain-http site, unless a trusted proxy says the request came over https", async () => {
    const app = await appWith({});
    expect(await sessionCookieOf(app, "10.1.2.3")).not.toMatch(/Secure/);
    expect(await sessionCookieOf(app, "127.0.0.1", { "x-forwarded-proto": "https" })).toMatch(/; Secure/);
    // A client that is no trusted proxy cannot claim https (nor anything else forwarded).
    expect(await sessionCookieOf(app, "10.1.2.3", { "x-forwarded-proto": "https" })).not.toMatch(/Secure/);
  });

  it("believes the proxies TRUST_PROXY names, and only them", async () => {
    const app = await appWith({ trustProxy: ["10.0.0.0/8"] });
    expect(await sessionCookieOf(app, "10.1.2.3", { "x-forwarded-proto": "https" })).toMatch(/; Secure/);
    expect(await sessionCookieOf(app, "203.0.113.9", { "x-forwarded-proto": "https" })).not.toMatch(/Secure/);
    const none = await appWith({ trustProxy: false });
    expect(await sessionCookieOf(none, "127.0.0.1", { "x-forwarded-proto": "https" })).not.toMatch(/Secure/);
  });
});
