import { isSharedAnswer } from "@market/api";
import type { AnyRouter } from "@trpc/server";
import { getErrorShape, getTRPCErrorFromUnknown, TRPCError } from "@trpc/server";
import { getHTTPStatusCode } from "@trpc/server/http";
import type { FastifyReply, FastifyRequest } from "fastify";
import { callQuery, type ProcedureDefinition } from "./call-query";

export interface TrpcQueriesOptions<Context> {
  /** Where tRPC's adapter is mounted ("/trpc"): the paths of a call follow it. */
  prefix: string;
  router: AnyRouter;
  createContext: (request: FastifyRequest, reply: FastifyReply) => Promise<Context>;
  onError: (options: {
    error: ReturnType<typeof getTRPCErrorFromUnknown>;
    path: string;
    ctx: Context | undefined;
  }) => void;
}

type Item = { result: { data: unknown } } | { error: ReturnType<typeof getErrorShape> };

/** The JSON of each shared answer's batch item (isSharedAnswer: frozen, so written once), while it is in use. */
const sharedResults = new WeakMap<object, string>();

/** A batch item's JSON, as JSON.stringify writes it within the batch's array. */
function resultJson(data: unknown, serialize: (value: unknown) => unknown): string {
  if (!isSharedAnswer(data)) return JSON.stringify({ result: { data: serialize(data) } });
  let json = sharedResults.get(data);
  if (json === undefined) {
    json = JSON.stringify({ result: { data: serialize(data) } });
    sharedResults.set(data, json);
  }
  return json;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The web app's queries, `GET /trpc/a,b?batch=1&input=…` (httpBatchLink), answered over the router directly
 * instead of through tRPC's fetch adapter, which builds a Web Request, its Headers and AbortController, and a
 * Response for every call: a fifth of the server's CPU in the load bench (issue 17). Each call goes through
 * tRPC's procedure call (callQuery: the same, with cheaper copies), error shape, transformer and status rule, so
 * the answer is the adapter's; anything else (a mutation, a subscription, an unknown path, an input that is not an
 * object, no batch=1) is left to the adapter, which answers it as before. A preHandler of the /trpc scope: it runs after that scope's CSRF and origin
 * checks, and replying ends the request there.
 */
export function trpcQueries<Context>({ prefix, router, createContext, onError }: TrpcQueriesOptions<Context>) {
  const config = router._def._config;
  const procedures = router._def.procedures as Record<
    string,
    { _def?: ProcedureDefinition & { type?: string } } | undefined
  >;
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    if (request.method !== "GET" || request.ws) return undefined;
    const query = request.url.indexOf("?");
    if (query < 0) return undefined;
    const params = new URLSearchParams(request.url.slice(query + 1));
    if (params.get("batch") !== "1") return undefined;
    let paths: string[];
    try {
      paths = decodeURIComponent(request.url.slice(prefix.length + 1, query)).split(",");
    } catch {
      return undefined;
    }
    const isQuery = (path: string) => Object.hasOwn(procedures, path) && procedures[path]?._def?.type === "query";
    if (!paths.every(isQuery)) return undefined;
    let inputs: Record<string, unknown> = {};
    const rawInput = params.get("input");
    if (rawInput) {
      try {
        const parsed: unknown = JSON.parse(rawInput);
        if (!isObject(parsed)) return undefined;
        inputs = parsed;
      } catch {
        return undefined;
      }
    }

    let ctx: Context | undefined;
    let ctxError: unknown;
    try {
      ctx = await createContext(request, reply);
    } catch (cause) {
      ctxError = cause;
    }
    const items: Item[] = await Promise.all(
      paths.map(async (path, index): Promise<Item> => {
        let input: unknown;
        let read: Promise<unknown> | undefined;
        // Read once however many middlewares ask, as tRPC's adapter does.
        const getRawInput = () => {
          read ??= (async () => {
            const raw = inputs[index];
            try {
              input = raw === undefined ? undefined : config.transformer.input.deserialize(raw);
            } catch (cause) {
              // As tRPC's adapter reads inputs: one the transformer cannot read is the caller's mistake.
              if (cause instanceof TRPCError) throw cause;
              throw new TRPCError({
                code: "BAD_REQUEST",
                message: cause instanceof Error ? cause.message : "Invalid input",
                cause,
              });
            }
            return input;
          })();
          return read;
        };
        try {
          if (ctxError) throw ctxError;
          const definition = procedures[path]?._def as ProcedureDefinition;
          const data = await callQuery(definition, {
            ctx,
            type: "query",
            path,
            input: undefined,
            getRawInput,
            signal: undefined,
            batchIndex: index,
          });
          return { result: { data } };
        } catch (cause) {
          const error = getTRPCErrorFromUnknown(cause);
          onError({ error, path, ctx });
          return { error: getErrorShape({ config, ctx, error, input, path, type: "query" }) };
        }
      }),
    );
    // Bytes, as the adapter sends them: for a string Fastify would add "; charset=utf-8" to the content type.
    // Each item through the transformer, as tRPC's transformTRPCResponse does it.
    const serialize = config.transformer.output.serialize;
    const sent = items.map((item) =>
      "error" in item ? JSON.stringify({ error: serialize(item.error) }) : resultJson(item.result.data, serialize),
    );
    const answer = Buffer.from(`[${sent.join(",")}]`);
    return reply
      .code(getHTTPStatusCode(items as never))
      .header("vary", "trpc-accept, accept")
      .header("content-type", "application/json")
      .send(answer);
  };
}
