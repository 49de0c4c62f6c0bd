import { shareAnswer } from "@market/api";
import { initTRPC, TRPCError } from "@trpc/server";
import Fastify from "fastify";
import superjson from "superjson";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { trpcQueries } from "./trpc-queries";

const t = initTRPC.context<{ user: string | null }>().create({ transformer: superjson });
const router = t.router({
  when: t.procedure.input(z.object({ day: z.number() })).query(({ input }) => new Date(Date.UTC(2026, 0, input.day))),
  me: t.procedure.query(({ ctx }) => {
    if (!ctx.user) throw new TRPCError({ code: "UNAUTHORIZED" });
    return ctx.user;
  }),
  save: t.procedure.mutation(() => "saved"),
  // One answer for every call, as the search cache shares a page; `serializations` counts the transformer's writes.
  shared: t.procedure.query(() => sharedPage),
  fresh: t.procedure.query(() => ({ ...sharedPage })),
});
const sharedPage = shareAnswer({ at: new Date(Date.UTC(2026, 0, 5)), cards: [{ name: "a" }, { name: "b" }] });

const errors: string[] = [];
const app = Fastify();
beforeAll(async () => {
  app.addHook(
    "preHandler",
    trpcQueries({
      prefix: "/trpc",
      router,
      createContext: async (request) => ({
        user: request.headers["x-user"] ? String(request.headers["x-user"]) : null,
      }),
      onError: ({ error, path }) => errors.push(`${path}: ${error.code}`),
    }),
  );
  // Stands for tRPC's adapter: whatever the fast path leaves reaches it.
  app.get("/trpc/*", async (_request, reply) => reply.code(418).send("adapter"));
  await app.ready();
});
afterAll(() => app.close());

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: "GET", url, headers });
const input = (value: unknown) => encodeURIComponent(JSON.stringify(value));

describe("trpcQueries", () => {
  it("writes a shared answer's JSON once, the same bytes as an unshared copy's, in each batch that holds it", async () => {
    const serialize = vi.spyOn(superjson, "serialize");
    const first = await get("/trpc/shared,fresh?batch=1");
    const second = await get("/trpc/fresh,shared?batch=1");
    expect(first.statusCode).toBe(200);
    const [shared, fresh] = first.json() as [unknown, unknown];
    expect(shared).toEqual(fresh);
    expect(second.json()).toEqual([fresh, shared]);
    expect(superjson.deserialize((shared as { result: { data: never } }).result.data)).toEqual(sharedPage);
    // The shared page once, the fresh copy at each of the two batches.
    expect(serialize.mock.calls.filter(([value]) => value === sharedPage)).toHaveLength(1);
    expect(serialize.mock.calls.filter(([value]) => value !== sharedPage)).toHaveLength(2);
    serialize.mockRestore();
  });

  it("answers a batch of queries itself, through the transformer, item by item", async () => {
    const response = await get(`/trpc/when,me?batch=1&input=${input({ 0: superjson.serialize({ day: 2 }) })}`, {
      "x-user": "ada",
    });
    expect(response.statusCode).toBe(200);
    const [when, me] = response.json() as [{ result: { data: unknown } }, { result: { data: unknown } }];
    expect(superjson.deserialize(when.result.data as never)).toEqual(new Date(Date.UTC(2026, 0, 2)));
    expect(superjson.deserialize(me.result.data as never)).toBe("ada");
  });

  it("answers a failing call with tRPC's error shape, reports it, and 207 beside a success", async () => {
    errors.length = 0;
    const response = await get(`/trpc/when,me?batch=1&input=${input({ 0: superjson.serialize({ day: 3 }) })}`);
    expect(response.statusCode).toBe(207);
    expect(response.json()).toMatchObject([
      { result: {} },
      { error: { json: { data: { code: "UNAUTHORIZED", httpStatus: 401, path: "me" } } } },
    ]);
    expect(errors).toEqual(["me: UNAUTHORIZED"]);
  });

  it("leaves everything else to the adapter", async () => {
    const left = [
      "/trpc/save?batch=1",
      "/trpc/when,save?batch=1",
      "/trpc/nowhere?batch=1",
      "/trpc/toString?batch=1",
      "/trpc/__proto__,when?batch=1",
      `/trpc/me?input=${input(superjson.serialize(null))}`,
      `/trpc/when?batch=1&input=${input([1])}`,
      "/trpc/when?batch=1&input=%7Bnot-json",
    ];
    for (const url of left) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(418);
    }
  });
});
