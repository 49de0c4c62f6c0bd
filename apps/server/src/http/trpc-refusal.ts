import { type AppRouter, ReasonError, trpcErrorOf } from "@market/api";
import { type Reason, statusOf } from "@market/contracts";
import { getErrorShape } from "@trpc/server";
import type { FastifyReply, FastifyRequest } from "fastify";
import { isCsrfSafe } from "./csrf";

/** The procedures a /trpc URL names (`/trpc/a.b,c.d?batch=1`), and whether it is a batch. */
function callsOf(url: string, prefix: string): { paths: string[]; batch: boolean } {
  const { pathname, searchParams } = new URL(url, "http://x");
  const named = decodeURIComponent(pathname.slice(prefix.length + 1));
  return { paths: named === "" ? [""] : named.split(","), batch: searchParams.get("batch") === "1" };
}

/**
 * A refusal of a /trpc request before any procedure ran (its CSRF check, a body Fastify could not read), in tRPC's
 * own error shape, `data.reason` included, one item per call of a batch: a typed client (the SDK, the web app) reads
 * it as it reads a procedure's refusal, where the REST envelope would be "Unable to transform response from server".
 * The HTTP status is the reason's, or the transport's own (415 for a body of another type).
 */
export function sendTrpcRefusal(
  router: AppRouter,
  prefix: string,
  request: FastifyRequest,
  reply: FastifyReply,
  refusal: ReasonError,
  status: number = statusOf(refusal.reason),
) {
  const error = trpcErrorOf(refusal);
  const config = router._def._config;
  const { paths, batch } = callsOf(request.url, prefix);
  const type = request.method === "GET" ? "query" : "mutation";
  const items = paths.map((path) => ({
    error: config.transformer.output.serialize(
      getErrorShape({ config, ctx: undefined, error, input: undefined, path, type }),
    ),
  }));
  return reply
    .code(status)
    .type("application/json")
    .send(JSON.stringify(batch ? items : items[0]));
}

/** The CSRF check of docs/api.md on /trpc: refused as `csrf` (403) in tRPC's shape. */
export const trpcCsrfGuard =
  (router: AppRouter, prefix: string) => async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isCsrfSafe(request)) await sendTrpcRefusal(router, prefix, request, reply, new ReasonError("csrf"));
  };

/** The reason Fastify's own refusal of a /trpc request answers (a body too large, of another type, not JSON). */
function reasonOfFrameworkError(error: unknown): Reason {
  const statusCode = (error as { statusCode?: unknown }).statusCode;
  return statusCode === 413 ? "too_big" : "invalid";
}

/**
 * The error handler of the /trpc scope: what tRPC's adapter did not answer itself (Fastify's refusals of the
 * request) in tRPC's shape, with the reason; anything else as the one error handler answers it.
 */
export const answerTrpcError =
  (
    router: AppRouter,
    prefix: string,
    fallback: (error: unknown, request: FastifyRequest, reply: FastifyReply) => unknown,
  ) =>
  (error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const statusCode = (error as { statusCode?: unknown }).statusCode;
    if (typeof statusCode !== "number" || statusCode < 400 || statusCode >= 500) return fallback(error, request, reply);
    const refusal = new ReasonError(reasonOfFrameworkError(error));
    return sendTrpcRefusal(router, prefix, request, reply, refusal, statusCode);
  };
