import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSession, fixedClock, systemClock } from "@market/api";
import { createInfluencer, TEST_ORIGIN } from "@market/api/testing";
import type { Db } from "@market/db";
import { beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "./app";
import { useTestApp } from "./testing/test-app";

/** A built web app in a temporary folder: the page and one hashed asset. */
function makeWebDist(): string {
  const folder = mkdtempSync(join(tmpdir(), "web-dist-"));
  mkdirSync(join(folder, "assets"));
  writeFileSync(join(folder, "index.html"), "<!doctype html><title>app</title>");
  writeFileSync(join(folder, "assets", "main-abc123.js"), "console.log(1)");
  return folder;
}

const server = useTestApp({ webDist: makeWebDist() });

beforeAll(async () => {
  for (let index = 0; index < 17; index += 1) {
    await createInfluencer(server.db, { networks: [{ type: "twitter", followers: 5_000 + index, engagement: 2 }] });
  }
});

const search = (payload: unknown, headers: Record<string, string> = {}) =>
  server.app.inject({
    method: "POST",
    url: "/api/influencers/search",
    headers: { "content-type": "application/json", ...headers },
    payload: typeof payload === "string" ? payload : JSON.stringify(payload),
  });

describe("POST /api/influencers/search", () => {
  it("answers the first 15 influencers and the count in the success envelope", async () => {
    const response = await search({});
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.status).toBe("success");
    expect(body.data.count).toBe(17);
    expect(body.data.influencers).toHaveLength(15);
    expect(body.data.influencers[0]).toMatchObject({ username: expect.any(String), networks: [{ type: "twitter" }] });
  });

  it("treats an empty body as no filters", async () => {
    const response = await server.app.inject({ method: "POST", url: "/api/influencers/search" });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.influencers).toHaveLength(15);
  });

  it("answers 400 invalid for malformed JSON", async () => {
    const response = await search("{not json");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: "error", reason: "invalid" });
  });

  it("answers 400 invalid with the field issues for a wrong field", async () => {
    const response = await search({ currentPage: "two", gender: "robot" });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ status: "error", reason: "invalid" });
    expect(body.issues.map((issue: { path: string[] }) => issue.path[0]).sort()).toEqual(["currentPage", "gender"]);
  });

  it("answers 400 invalid for a body that is not an object", async () => {
    const response = await search([1, 2]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: "error", reason: "invalid" });
  });

  it("refuses a cross-site request that carries a session (CSRF)", async () => {
    const crossSite = await search({}, { "sec-fetch-site": "cross-site", cookie: "session=a.b" });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json()).toEqual({ status: "error", reason: "csrf" });
    const foreignOrigin = await search({}, { origin: "https://evil.example", cookie: "session=a.b" });
    expect(foreignOrigin.statusCode).toBe(403);
    const sameOrigin = await search({}, { "sec-fetch-site": "same-origin", cookie: "session=a.b" });
    expect(sameOrigin.statusCode).toBe(200);
  });
});

describe("REST envelope", () => {
  it("answers 404 not_found for unknown /api and /admin/api paths", async () => {
    for (const url of ["/api/nope", "/admin/api/deals/1/maybe"]) {
      const response = await server.app.inject({ method: "POST", url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ status: "error", reason: "not_found" });
    }
    // A documented path with the wrong method is as unknown as any other.
    const get = await server.app.inject({ method: "GET", url: "/api/logout" });
    expect(get.statusCode).toBe(404);
    expect(get.json()).toEqual({ status: "error", reason: "not_found" });
  });

  it("answers 500 generic without a stack when a procedure fails unexpectedly", async () => {
    // Whatever way the search reaches the database: a query builder, a raw statement, or the session (prepared).
    const explode = () => {
      throw new Error("db exploded at /secret/path");
    };
    const broken = new Proxy(server.db, {
      get: (target, property) =>
        property === "select" || property === "execute"
          ? explode
          : property === "_"
            ? { ...target._, session: new Proxy(target._.session, { get: explode }) }
            : Reflect.get(target, property),
    }) as Db;
    const brokenApp = await buildApp({ db: broken, clock: systemClock, publicUrl: TEST_ORIGIN });
    const response = await brokenApp.inject({ method: "POST", url: "/api/influencers/search", payload: {} });
    await brokenApp.close();
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ status: "error", reason: "generic" });
    expect(response.body).not.toContain("secret");
    expect(response.headers["x-request-id"]).toEqual(expect.any(String));
  });

  it("answers 400 invalid for a body nested thousands deep", async () => {
    const response = await search(`${"[".repeat(3_000)}${"]".repeat(3_000)}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: "error", reason: "invalid" });
  });

  it("answers 400 invalid for a __proto__ or constructor.prototype key", async () => {
    for (const payload of ['{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"admin":true}}}']) {
      const response = await search(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ status: "error", reason: "invalid" });
    }
  });

  it("answers Fastify's own errors before routing as the envelope, with the headers of any answer", async () => {
    const cases = [
      { url: "/api/influencers/%ff", statusCode: 400 },
      { url: `/api/deals/${"1".repeat(101)}`, statusCode: 414 },
      { url: "/admin/api/deals/%E0%A4%A/ok", statusCode: 400 },
    ];
    for (const { url, statusCode } of cases) {
      const response = await server.app.inject({ method: "GET", url, headers: { "x-request-id": "probe-1" } });
      expect(response.statusCode).toBe(statusCode);
      expect(response.json()).toEqual({ status: "error", reason: "invalid" });
      expect(response.headers["x-request-id"]).toBe("probe-1");
      expect(response.headers["cache-control"]).toBe("no-cache, no-store, must-revalidate");
    }
  });

  it("answers a body too large or of an unsupported type with its reason: the envelope, tRPC's shape on /trpc", async () => {
    // The reason where each protocol puts it: the envelope's, or tRPC's data.reason (trpc-refusal.ts).
    const reasonOf = (url: string, body: { reason?: string; error?: { json: { data: { reason: string } } } }) =>
      url.startsWith("/trpc") ? body.error?.json.data.reason : body.reason;
    for (const url of ["/api/login", "/trpc/auth.login"]) {
      const tooBig = await server.app.inject({
        method: "POST",
        url,
        headers: { "content-type": "application/json" },
        payload: JSON.stringify({ text: "a".repeat(2 * 1024 * 1024) }),
      });
      expect(tooBig.statusCode).toBe(413);
      expect(reasonOf(url, tooBig.json())).toBe("too_big");
      expect(tooBig.headers["x-request-id"]).toEqual(expect.any(String));
      for (const [contentType, payload] of [
        ["application/xml", "<login/>"],
        ["text/plain", '{"login":"a","password":"b"}'],
      ]) {
        const other = await server.app.inject({
          method: "POST",
          url,
          headers: { "content-type": contentType },
          payload,
        });
        expect(other.statusCode, `${url} ${contentType}`).toBe(415);
        expect(reasonOf(url, other.json())).toBe("invalid");
      }
    }
  });

  it("marks GET answers of the API as not cacheable", async () => {
    const response = await server.app.inject({ method: "GET", url: "/api/unknown" });
    expect(response.headers["cache-control"]).toBe("no-cache, no-store, must-revalidate");
    expect(response.headers.pragma).toBe("no-cache");
  });
});

describe("tRPC", () => {
  it("serves queries over HTTP with superjson", async () => {
    const input = encodeURIComponent(JSON.stringify({ json: {} }));
    const response = await server.app.inject({ method: "GET", url: `/trpc/influencers.search?input=${input}` });
    expect(response.statusCode).toBe(200);
    expect(response.json().result.data.json.influencers).toHaveLength(15);
  });

  it("tells who is signed in from the session cookie", async () => {
    const someone = await createInfluencer(server.db);
    const { token } = await createSession(server.db, fixedClock(new Date()), someone.id);
    const response = await server.app.inject({ method: "GET", url: "/trpc/account.me", cookies: { session: token } });
    expect(response.json().result.data.json).toMatchObject({
      kind: "influencer",
      user: { id: someone.id, username: someone.username, isBrand: false, isImpersonating: false, balanceCents: 0 },
    });
    const visitor = await server.app.inject({ method: "GET", url: "/trpc/account.me" });
    expect(visitor.json().result.data.json).toEqual({ kind: "visitor", user: null });
  });

  it("answers 400 invalid, not a 500, for input nested thousands deep, with no internal message", async () => {
    const deep = `${"[".repeat(3_000)}${"]".repeat(3_000)}`;
    const bodies = [
      `{"json":${deep}}`,
      // superjson's annotations are walked recursively while deserializing: tRPC answers a parse error.
      `{"json":{},"meta":{"values":{"a":${deep}}}}`,
      // Not JSON: the parser's message names a position in the body.
      '{"json":',
    ];
    for (const payload of bodies) {
      const response = await server.app.inject({
        method: "POST",
        url: "/trpc/auth.login",
        headers: { "content-type": "application/json" },
        payload,
      });
      expect(response.statusCode).toBe(400);
      const error = response.json().error.json;
      expect(error.data.reason).toBe("invalid");
      expect(error.message).not.toMatch(/call stack|JSON|position/);
    }
  });

  it("answers an error with its reason", async () => {
    const input = encodeURIComponent(JSON.stringify({ json: { currentPage: -1 } }));
    const response = await server.app.inject({ method: "GET", url: `/trpc/influencers.search?input=${input}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.json.data.reason).toBe("invalid");
  });
});

describe("web app", () => {
  it("answers index.html for client routes, without caching", async () => {
    for (const url of ["/", "/find", "/campaigns/12/edit"]) {
      const response = await server.app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain("<title>app</title>");
      expect(response.headers["cache-control"]).toBe("no-cache");
    }
  });

  it("serves hashed assets for a year", async () => {
    const response = await server.app.inject({ method: "GET", url: "/assets/main-abc123.js" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toContain("immutable");
  });

  it("reports health with the database", async () => {
    const response = await server.app.inject({ method: "GET", url: "/health" });
    expect(response.json()).toEqual({ status: "success", data: { db: "ok" } });
  });
});
