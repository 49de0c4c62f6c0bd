import { getTRPCErrorFromUnknown, TRPCError } from "@trpc/server";

/** What a tRPC middleware (and the resolver, tRPC's last middleware) is called with, but `meta` and `next`. */
export interface CallOptions {
  ctx: unknown;
  type: "query";
  path: string;
  input: unknown;
  getRawInput: () => Promise<unknown>;
  signal: undefined;
  batchIndex: number;
}

type MiddlewareResult = { ok: true; data: unknown } | { ok: false; error: TRPCError };

interface NextOptions {
  ctx?: Record<string, unknown>;
  input?: unknown;
  getRawInput?: () => Promise<unknown>;
}

/** The part of a built procedure's definition its call reads. */
export interface ProcedureDefinition {
  meta: unknown;
  middlewares: ((
    options: CallOptions & { meta: unknown; next: (next?: NextOptions) => Promise<MiddlewareResult> },
  ) => Promise<MiddlewareResult>)[];
}

/**
 * Calls a query procedure as tRPC's own procedure caller does (createProcedureCaller and callRecursive in
 * @trpc/server v11's initTRPC): each middleware gets the call's options, its procedure's meta and `next`, which
 * runs the next one with the options it overrides, a ctx override merged over the context; a throw anywhere is
 * the error tRPC makes of it. The difference is the copies: tRPC's build makes them through a Babel helper that
 * defines each key in turn, twice a middleware, which was 6 % of the server's CPU in the load bench (issue 17);
 * these are written out key by key (CallOptions' keys) and the ctx merged by Object.assign, as a literal that
 * spreads first and then names or spreads in new keys costs 1 to 3 µs each on Node 20 (docs/performance.md,
 * "Spread first"; scripts/bench-spread.ts). trpc-queries.test.ts and every browser test go through it.
 */
export async function callQuery(definition: ProcedureDefinition, options: CallOptions): Promise<unknown> {
  const run = async (index: number, call: CallOptions): Promise<MiddlewareResult> => {
    try {
      const middleware = definition.middlewares[index];
      if (!middleware) throw new TRPCError({ code: "INTERNAL_SERVER_ERROR", message: "No middleware left" });
      return await middleware({
        ctx: call.ctx,
        type: call.type,
        path: call.path,
        input: call.input,
        getRawInput: call.getRawInput,
        signal: call.signal,
        batchIndex: call.batchIndex,
        meta: definition.meta,
        next: (next) =>
          run(index + 1, {
            ctx: next?.ctx ? Object.assign({}, call.ctx, next.ctx) : call.ctx,
            type: call.type,
            path: call.path,
            input: next && "input" in next ? next.input : call.input,
            getRawInput: next?.getRawInput ?? call.getRawInput,
            signal: call.signal,
            batchIndex: call.batchIndex,
          }),
      });
    } catch (cause) {
      return { ok: false, error: getTRPCErrorFromUnknown(cause) };
    }
  };
  const result = await run(0, options);
  if (!result) {
    throw new TRPCError({
      code: "INTERNAL_SERVER_ERROR",
      message: "No result from middlewares - did you forget to `return next()`?",
    });
  }
  if (!result.ok) throw result.error;
  return result.data;
}
