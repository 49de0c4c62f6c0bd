import { subscribe, unsubscribe } from "node:diagnostics_channel";
import { createSession, systemClock } from "@market/api";
import { createBrand, createInfluencer } from "@market/api/testing";
import { REASONS } from "@market/contracts";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse, RouteOptions } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { cookieFor, nextIp } from "./testing/auth-helpers";
import { useTestApp } from "./testing/test-app";

/**
 * Sweeps every route the server registers (read from the app itself, so routes of later issues are covered
 * without anyone listing them) with a fixed corpus of hostile bodies, queries and path parameters, as a visitor,
 * a brand and an influencer. Whatever comes in: no 5xx, no error-level log line, always the envelope with a
 * known reason, the headers every answer carries, and a healthy server afterwards.
 */

interface Route {
  method: string;
  url: string;
}

// Routes as the app registers them: Fastify announces each new instance on this channel before any plugin runs,
// so an onRoute hook added there sees every route of every plugin.
const routes: Route[] = [];
const recordRoutes = (message: unknown) => {
  const { fastify } = message as { fastify: FastifyInstance };
  fastify.addHook("onRoute", (route: RouteOptions) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });
};
subscribe("fastify.initialization", recordRoutes);

const errorLines: string[] = [];
const server = useTestApp({
  rateLimitScale: 10_000,
  logger: { level: "error", stream: { write: (line: string) => void errorLines.push(line) } },
});
beforeAll(() => unsubscribe("fastify.initialization", recordRoutes));

/** tRPC answers in its own protocol (covered in app.int.test.ts); HEAD answers have no body to check. */
const sweptRoutes = () =>
  routes.filter((route) => route.method !== "HEAD" && !route.url.startsWith("/trpc")).sort(byMethodAndUrl);
const byMethodAndUrl = (a: Route, b: Route) => `${a.method} ${a.url}`.localeCompare(`${b.method} ${b.url}`);

const MEGABYTE = 1024 * 1024;
const deepArrays = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;
const deepObjects = (depth: number) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;

/** Field names of the documented bodies, so that a hostile value reaches each route's own fields. */
const FIELDS = [
  "id",
  "login",
  "email",
  "username",
  "password",
  "currentPassword",
  "newPassword",
  "token",
  "kind",
  "field",
  "data",
  "text",
  "title",
  "description",
  "query",
  "category",
  "currentPage",
  "price",
  "prices",
  "campaigns",
  "decision",
  "message",
  "images",
  "deadline",
  "method",
  "amountInCents",
  "accountOwnerName",
  "destination",
  "cursor",
  "minQuality",
  "sort",
];
const everyField = (value: unknown) => JSON.stringify(Object.fromEntries(FIELDS.map((field) => [field, value])));

interface Body {
  name: string;
  contentType: string;
  payload: string | Buffer;
}

const json = (name: string, payload: string | Buffer): Body => ({ name, contentType: "application/json", payload });

const BODIES: Body[] = [
  json("3,000 nested arrays", deepArrays(3_000)),
  json("5,000 nested objects", deepObjects(5_000)),
  json("nested arrays in every field", everyField(JSON.parse(deepArrays(100)))),
  json("a 1 MB string", JSON.stringify({ text: "a".repeat(MEGABYTE - 20) })),
  json("a body over the limit", JSON.stringify({ text: "a".repeat(2 * MEGABYTE) })),
  json("10 KB strings in every field", everyField("a".repeat(10_000))),
  json("NUL in every field", everyField("a\u0000b")),
  json("NUL in a key", '{"te\\u0000xt":"a"}'),
  json("lone surrogates in every field", everyField("\ud800x\udfff")),
  json("__proto__", '{"__proto__":{"isAdmin":true},"login":"a","password":"b"}'),
  json("constructor.prototype", '{"constructor":{"prototype":{"isAdmin":true}}}'),
  json("numbers in every field", everyField(-1e308)),
  json("arrays in every field", everyField([1, "2", null])),
  json("objects in every field", everyField({ id: 1 })),
  json("null in every field", everyField(null)),
  json("booleans in every field", everyField(true)),
  json("a number", "42"),
  json("a string", '"text"'),
  json("null", "null"),
  json("an array", "[1,2,3]"),
  json("invalid JSON", '{"login":'),
  json("a truncated string", '"abc'),
  json("bytes that are not UTF-8", Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d])),
  { name: "JSON sent as text", contentType: "text/plain", payload: '{"login":"a","password":"b"}' },
  { name: "XML", contentType: "application/xml", payload: "<login>a</login>" },
  { name: "a form", contentType: "application/x-www-form-urlencoded", payload: "login=a&password=b" },
  { name: "JSON in Latin-1", contentType: "application/json; charset=latin1", payload: '{"login":"\u00e9"}' },
  { name: "multipart without boundary", contentType: "multipart/form-data", payload: "--x\r\n\r\n" },
  { name: "malformed multipart", contentType: "multipart/form-data; boundary=x", payload: "--x\r\ngarbage" },
  {
    name: "multipart without the file field",
    contentType: "multipart/form-data; boundary=x",
    payload: '--x\r\nContent-Disposition: form-data; name="other"\r\n\r\nvalue\r\n--x--\r\n',
  },
  {
    name: "multipart with a text file",
    contentType: "multipart/form-data; boundary=x",
    payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nnot an image\r\n--x--\r\n',
  },
];

/** Values put in each path parameter (already encoded as they travel in the URL). */
const PARAMS = [
  "%ff",
  "%E0%A4%A",
  "%C0%AE",
  "%ED%A0%80",
  "%00",
  "0",
  "-1",
  "1.5",
  "0x10",
  "99999999999999999999",
  "9".repeat(101),
  "a".repeat(100),
  "__proto__",
  "s1.AAAAAAAAAA",
  "..%2F..%2Fetc%2Fpasswd",
  "%F0%9F%98%80",
];

const QUERIES = [
  "%ff=%ff",
  "id=%ff&u=%ff",
  "id=%00&u=i",
  "u=i&id=99999999999999999999",
  "__proto__[isAdmin]=1&constructor[prototype][isAdmin]=1",
  "currentPage=-1&page=1e309&limit=NaN",
  "id=1&id=2&id=3",
  `q=${"a".repeat(8_000)}`,
  "cursor=%ff",
  `cursor=${"9".repeat(50)}`,
  "cursor=1.1.1&cursor=2.2.2",
];

const API_PATH = /^\/(api|admin\/api)(\/|\?|$)/;

type Viewer = "visitor" | "brand" | "influencer";

const userIds: Partial<Record<Viewer, number>> = {};
beforeAll(async () => {
  userIds.brand = (await createBrand(server.db)).id;
  userIds.influencer = (await createInfluencer(server.db)).id;
});

/** A fresh session for each route, so that a logout swept earlier does not turn the rest into a visitor's. */
async function cookieOf(viewer: Viewer): Promise<Record<string, string>> {
  const userId = userIds[viewer];
  if (userId === undefined) return {};
  const { token } = await createSession(server.db, systemClock, userId);
  return { cookie: cookieFor(token) };
}

/** What is wrong with an answer, or null when it is a proper envelope with the usual headers. */
function problemOf(method: string, url: string, response: LightMyRequestResponse): string | null {
  if (response.statusCode >= 500) return `${response.statusCode} ${response.body.slice(0, 200)}`;
  if (!response.headers["x-request-id"]) return "no x-request-id";
  if (method === "GET" && API_PATH.test(url) && !String(response.headers["cache-control"]).includes("no-store")) {
    return "no no-cache headers";
  }
  // The statement and receipt downloads (rest/statements.ts, rest/receipts.ts) answer a CSV or PDF attachment, not
  // the envelope, when they succeed.
  if (
    response.statusCode === 200 &&
    /^(text\/csv|application\/pdf)/.test(String(response.headers["content-type"])) &&
    String(response.headers["content-disposition"]).startsWith("attachment;")
  ) {
    return null;
  }
  // The probes (http/probes.ts) answer a balancer or an orchestrator in their own shape, outside the envelope
  // (docs/api.md): whatever the query, the process's liveness or the instance's readiness.
  const path = url.split("?")[0];
  if ((path === "/livez" || path === "/readyz") && response.statusCode === 200) {
    const probe = response.json() as { live?: unknown; ready?: unknown };
    return probe.live === true || probe.ready === true ? null : `${path} answered ${response.body.slice(0, 200)}`;
  }
  // The OpenAPI document and its reference page (openapi/plugin.ts) answer themselves, whatever the query.
  if (path === "/api/openapi.json" && response.statusCode === 200) {
    return (response.json() as { openapi?: unknown }).openapi === "3.1.0" ? null : "not the OpenAPI document";
  }
  if (path === "/api/docs" && response.statusCode === 200) {
    return String(response.headers["content-type"]).startsWith("text/html") ? null : "not the reference page";
  }
  let body: { status?: unknown; reason?: unknown };
  try {
    body = response.json();
  } catch {
    return `${response.statusCode} not JSON: ${response.body.slice(0, 200)}`;
  }
  if (body.status === "success") return null;
  if (body.status !== "error" || !(REASONS as readonly unknown[]).includes(body.reason)) {
    return `${response.statusCode} not the envelope: ${response.body.slice(0, 200)}`;
  }
  return null;
}

/** Every hostile request for one route: path parameters, queries and (for methods with one) bodies. */
function hostileRequests(route: Route): { name: string; request: InjectOptions }[] {
  const requests: { name: string; request: InjectOptions }[] = [];
  const method = route.method as InjectOptions["method"];
  const params = route.url.match(/:\w+/g) ?? [];
  const sample = route.url.replace(/:\w+/g, "1");
  for (const param of params) {
    for (const value of PARAMS) {
      requests.push({ name: `${param}=${value}`, request: { method, url: route.url.replace(param, value) } });
    }
  }
  for (const query of QUERIES) {
    requests.push({ name: `?${query.slice(0, 40)}`, request: { method, url: `${sample}?${query}` } });
  }
  if (route.method !== "GET") {
    for (const body of BODIES) {
      requests.push({
        name: body.name,
        request: { method, url: sample, headers: { "content-type": body.contentType }, payload: body.payload },
      });
    }
  }
  return requests;
}

describe("hostile input on every route", () => {
  it("reads the route table from the app", () => {
    const urls = sweptRoutes().map((route) => `${route.method} ${route.url}`);
    expect(urls).toEqual(expect.arrayContaining(["POST /api/login", "GET /api/deals/:id", "POST /api/picture"]));
    expect(urls.length).toBeGreaterThan(30);
  });

  for (const viewer of ["visitor", "brand", "influencer"] as const) {
    it(`answers the envelope, never a 5xx, as a ${viewer}`, async () => {
      const problems: string[] = [];
      for (const route of sweptRoutes()) {
        const session = await cookieOf(viewer);
        for (const { name, request } of hostileRequests(route)) {
          const response = await server.app.inject({
            ...request,
            remoteAddress: nextIp(),
            headers: { "sec-fetch-site": "same-origin", ...session, ...request.headers },
          });
          const problem = problemOf(route.method, String(request.url), response);
          if (problem) problems.push(`${route.method} ${route.url} [${name}]: ${problem}`);
        }
      }
      expect(problems).toEqual([]);
      expect(errorLines).toEqual([]);
      // A few seconds on an idle machine; the margin is for a busy CI runner.
    }, 120_000);
  }

  it("stays healthy afterwards", async () => {
    const health = await server.app.inject({ method: "GET", url: "/health" });
    expect(health.json()).toEqual({ status: "success", data: { db: "ok" } });
  });
});

/** The influencer search's audience-quality inputs (issue 40): every value outside 0..100 integers is refused. */
describe("hostile audience-quality search inputs", () => {
  const search = async (body: unknown) => {
    const userId = userIds.brand;
    if (userId === undefined) throw new Error("no brand");
    const { token } = await createSession(server.db, systemClock, userId);
    return server.app.inject({
      method: "POST",
      url: "/api/influencers/search",
      remoteAddress: nextIp(),
      headers: { "sec-fetch-site": "same-origin", cookie: cookieFor(token), "content-type": "application/json" },
      payload: JSON.stringify(body),
    });
  };

  it.each<[string, unknown]>([
    ["a negative minimum", { minQuality: -1 }],
    ["a minimum over 100", { minQuality: 101 }],
    ["a fraction", { minQuality: 50.5 }],
    ["a huge number", { minQuality: 1e308 }],
    ["a string", { minQuality: "50" }],
    ["null", { minQuality: null }],
    ["an array", { minQuality: [50] }],
    ["an object", { minQuality: { gte: 50 } }],
    ["an unknown sort", { sort: "quality_p desc; drop table networks" }],
    ["a sort of another list", { sort: "time_p" }],
  ])("refuses %s with 400 invalid", async (_name, body) => {
    const response = await search(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: "error", reason: "invalid" });
  });

  it("takes the bounds themselves", async () => {
    for (const minQuality of [0, 100]) {
      const response = await search({ minQuality, sort: "quality_p" });
      expect(response.statusCode).toBe(200);
    }
  });
});
