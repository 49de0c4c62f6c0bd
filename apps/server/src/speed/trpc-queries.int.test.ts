import { createSession, systemClock } from "@market/api";
import { createBrand, createInfluencer } from "@market/api/testing";
import type { LightMyRequestResponse } from "fastify";
import superjson from "superjson";
import { beforeAll, describe, expect, it } from "vitest";
import { cookieFor } from "../testing/auth-helpers";
import { useTestApp } from "../testing/test-app";

const server = useTestApp();
let brandToken: string;

interface Call {
  path: string;
  input?: unknown;
}

const inputParam = (input: unknown) => encodeURIComponent(JSON.stringify(superjson.serialize(input)));

/** A batch as the web app's httpBatchLink sends it: answered by the fast path. */
function batch(calls: Call[], token?: string) {
  const inputs = Object.fromEntries(
    calls.flatMap((call, index) => (call.input === undefined ? [] : [[index, superjson.serialize(call.input)]])),
  );
  return server.app.inject({
    method: "GET",
    url: `/trpc/${calls.map((call) => call.path).join(",")}?batch=1&input=${encodeURIComponent(JSON.stringify(inputs))}`,
    headers: token ? { cookie: cookieFor(token) } : {},
  });
}

/** The same call without batch=1, which the fast path leaves to tRPC's own adapter: the reference answer. */
function single(call: Call, token?: string) {
  const query = call.input === undefined ? "" : `?input=${inputParam(call.input)}`;
  return server.app.inject({
    method: "GET",
    url: `/trpc/${call.path}${query}`,
    headers: token ? { cookie: cookieFor(token) } : {},
  });
}

const body = (response: LightMyRequestResponse) => JSON.parse(response.body) as unknown;

beforeAll(async () => {
  const brand = await createBrand(server.db);
  await createInfluencer(server.db);
  brandToken = (await createSession(server.db, systemClock, brand.id)).token;
});

describe("GET /trpc batches, answered without the fetch adapter", () => {
  const cases: Array<{ name: string; call: Call; signedIn: boolean; status: number }> = [
    { name: "a visitor's search", call: { path: "influencers.search", input: {} }, signedIn: false, status: 200 },
    { name: "who is signed in", call: { path: "account.me" }, signedIn: true, status: 200 },
    { name: "settings, with dates", call: { path: "settings.get" }, signedIn: true, status: 200 },
    { name: "a visitor's settings", call: { path: "settings.get" }, signedIn: false, status: 401 },
    { name: "input its schema refuses", call: { path: "deals.get", input: { id: "x" } }, signedIn: true, status: 400 },
    {
      name: "an unknown application",
      call: { path: "applications.get", input: { id: 999_999 } },
      signedIn: true,
      status: 404,
    },
  ];

  for (const { name, call, signedIn, status } of cases) {
    it(`answers ${name} as tRPC's adapter does (${status})`, async () => {
      const token = signedIn ? brandToken : undefined;
      const [fast, reference] = await Promise.all([batch([call], token), single(call, token)]);
      expect(reference.statusCode).toBe(status);
      expect(fast.statusCode).toBe(reference.statusCode);
      expect(fast.headers["content-type"]).toBe(reference.headers["content-type"]);
      expect(fast.headers.vary).toContain("trpc-accept");
      expect(body(fast)).toEqual([body(reference)]);
    });
  }

  it("answers an input the transformer cannot read 400, as the adapter does, never 500", async () => {
    const serialized = [
      { json: {}, meta: { values: { a: ["no-such-type"] } } },
      { json: {}, meta: { values: "not a tree" } },
      { json: JSON.parse(`${"[".repeat(3_000)}${"]".repeat(3_000)}`) },
    ];
    for (const input of serialized) {
      const text = encodeURIComponent(JSON.stringify(input));
      const [fast, reference] = await Promise.all([
        server.app.inject({
          method: "GET",
          url: `/trpc/influencers.search?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: input }))}`,
        }),
        server.app.inject({ method: "GET", url: `/trpc/influencers.search?input=${text}` }),
      ]);
      expect(reference.statusCode).toBe(400);
      expect(fast.statusCode).toBe(400);
      expect(body(fast)).toEqual([body(reference)]);
    }
  });

  it("answers a batch item by item, 207 when their statuses differ", async () => {
    const calls: Call[] = [{ path: "account.me" }, { path: "deals.get", input: { id: "x" } }, { path: "settings.get" }];
    const fast = await batch(calls, brandToken);
    const references = await Promise.all(calls.map((call) => single(call, brandToken)));
    expect(fast.statusCode).toBe(207);
    expect(body(fast)).toEqual(references.map(body));
    const allGood = await batch([{ path: "account.me" }, { path: "settings.get" }], brandToken);
    expect(allGood.statusCode).toBe(200);
  });

  it("leaves a mutation, an unknown path and a malformed input to the adapter", async () => {
    const mutation = await batch([{ path: "auth.logout" }], brandToken);
    expect(mutation.statusCode).toBe(405);
    expect(body(mutation)).toMatchObject([{ error: { json: { data: { code: "METHOD_NOT_SUPPORTED" } } } }]);
    const unknown = await batch([{ path: "account.nothing" }]);
    expect(unknown.statusCode).toBe(404);
    const malformed = await server.app.inject({ method: "GET", url: "/trpc/account.me?batch=1&input=%5B1%5D" });
    expect(malformed.statusCode).toBe(400);
    // The session is untouched: the refused logout ended nothing.
    const me = await batch([{ path: "account.me" }], brandToken);
    expect(body(me)).toMatchObject([{ result: { data: { json: { kind: "brand" } } } }]);
  });
});
