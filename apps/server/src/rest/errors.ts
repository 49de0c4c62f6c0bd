import { RateLimited, ReasonError, reasonOf } from "@market/api";
import type { FieldIssue } from "@market/contracts";
import { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import type { FastifyBaseLogger } from "fastify";
import { ZodError } from "zod";
import { type Envelope, failure } from "./envelope";

export interface ErrorAnswer {
  statusCode: number;
  body: Envelope<never>;
  /** Retry-After on a rate limit's 429: the whole seconds until the same attempt would be let through. */
  headers?: { "Retry-After": string };
}

/** The fields an error concerns: its schema's issues, or those a service named with its reason. */
function issuesOf(error: unknown): FieldIssue[] | undefined {
  if (error instanceof ReasonError) return error.issues;
  if (!(error instanceof ZodError)) return undefined;
  return error.issues.map((issue) => ({
    path: issue.path.filter((part): part is string | number => typeof part !== "symbol"),
    message: issue.message,
  }));
}

/**
 * Maps anything a procedure or the transport threw onto an envelope. Unexpected failures are logged with the
 * request id and answered as `generic`, never with a stack; a service's 503 keeps its reason.
 */
export function toErrorAnswer(error: unknown, log: FastifyBaseLogger): ErrorAnswer {
  if (error instanceof TRPCError) {
    const statusCode = getHTTPStatusCodeFromError(error);
    // A provider the service could not reach (payment_unavailable) is a 503 with its reason: try again later.
    if (statusCode === 503 && error.cause instanceof ReasonError) {
      log.warn({ reason: error.cause.reason }, "provider unavailable");
      return { statusCode, body: failure(error.cause.reason) };
    }
    if (statusCode >= 500) {
      log.error({ err: error.cause ?? error }, "procedure failed");
      return { statusCode: 500, body: failure("generic") };
    }
    const answer = { statusCode, body: failure(reasonOf(error), issuesOf(error.cause)) };
    if (!(error.cause instanceof RateLimited)) return answer;
    return { ...answer, headers: { "Retry-After": String(Math.ceil(error.cause.retryAfterMs / 1000)) } };
  }
  const transport = error as { statusCode?: number; code?: string; issues?: FieldIssue[] };
  if (typeof transport.statusCode === "number" && transport.statusCode >= 400 && transport.statusCode < 500) {
    const reason = transport.statusCode === 413 ? "too_big" : transport.statusCode === 404 ? "not_found" : "invalid";
    // A refused body names its field (http/json-body.ts).
    return { statusCode: transport.statusCode, body: failure(reason, transport.issues) };
  }
  log.error({ err: error }, "request failed");
  return { statusCode: 500, body: failure("generic") };
}
