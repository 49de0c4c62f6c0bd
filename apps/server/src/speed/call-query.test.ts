import { initTRPC, TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { callQuery, type ProcedureDefinition } from "./call-query";

type Context = { user: string | null; visits: number };
const t = initTRPC.context<Context>().meta<{ tag: string }>().create();

const reads: unknown[] = [];
const gate = t.middleware(async ({ ctx, meta, getRawInput, next }) => {
  reads.push(await getRawInput());
  if (!ctx.user) throw new TRPCError({ code: "UNAUTHORIZED", message: "who?" });
  return next({ ctx: { visits: ctx.visits + 1, tag: meta?.tag } });
});
const router = t.router({
  page: t.procedure
    .meta({ tag: "page" })
    .use(gate)
    .use(({ next }) => next())
    .input(z.object({ id: z.number().int() }))
    .query(({ ctx, input, path }) => ({ ctx, input, path })),
  broken: t.procedure.query(() => {
    throw new Error("database down");
  }),
});
const caller = t.createCallerFactory(router);

/** The same procedure called by tRPC's own caller and by callQuery: the result, or the error's code and message. */
async function both(path: "page" | "broken", ctx: Context, raw: unknown) {
  const outcome = async (call: () => Promise<unknown>) => {
    try {
      return { data: await call() };
    } catch (error) {
      return { error: error instanceof TRPCError ? [error.code, error.message] : String(error) };
    }
  };
  const definition = router._def.procedures[path]._def as unknown as ProcedureDefinition;
  return {
    trpc: await outcome(() => caller(ctx)[path](raw as never)),
    ours: await outcome(() =>
      callQuery(definition, {
        ctx,
        type: "query",
        path,
        input: undefined,
        getRawInput: async () => raw,
        signal: undefined,
        batchIndex: 0,
      }),
    ),
  };
}

describe("callQuery", () => {
  it("runs the middlewares as tRPC does: meta, a ctx override merged over the context, the parsed input", async () => {
    reads.length = 0;
    const { trpc, ours } = await both("page", { user: "ada", visits: 1 }, { id: 7 });
    expect(ours).toEqual(trpc);
    expect(ours).toEqual({
      data: { ctx: { user: "ada", visits: 2, tag: "page" }, input: { id: 7 }, path: "page" },
    });
    expect(reads).toEqual([{ id: 7 }, { id: 7 }]);
  });

  it("fails as tRPC does: a middleware's throw, an input its parser refuses, a resolver's error", async () => {
    const refused = await both("page", { user: null, visits: 0 }, { id: 7 });
    expect(refused.ours).toEqual(refused.trpc);
    expect(refused.ours).toEqual({ error: ["UNAUTHORIZED", "who?"] });

    const invalid = await both("page", { user: "ada", visits: 0 }, { id: 1.5 });
    expect(invalid.ours).toEqual(invalid.trpc);
    expect(invalid.ours).toMatchObject({ error: ["BAD_REQUEST", expect.any(String)] });

    const broken = await both("broken", { user: "ada", visits: 0 }, undefined);
    expect(broken.ours).toEqual(broken.trpc);
    expect(broken.ours).toEqual({ error: ["INTERNAL_SERVER_ERROR", "database down"] });
  });
});
