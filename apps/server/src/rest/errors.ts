import { RateLimited, ReasonError, reasonOf, schemaIssues } from "@market/api";
import { type FieldIssue, statusOf } from "@market/contracts";
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

/**
 * A service's refusal, as REASON_STATUS answers its reason (contracts): the REST edge of the one error model. A
 * provider out of reach (503 payment_unavailable) keeps its reason, to try again later; a fault of the server's own
 * is a logged 500 `generic`.
 */
function refusalAnswer(refusal: ReasonError, log: FastifyBaseLogger): ErrorAnswer {
  const statusCode = statusOf(refusal.reason);
  if (statusCode === 503) {
    log.warn({ reason: refusal.reason }, "provider unavailable");
    return { statusCode, body: failure(refusal.reason) };
  }
  if (statusCode >= 500) {
    log.error({ err: refusal }, "procedure failed");
    return { statusCode: 500, body: failure("generic") };
  }
  const answer = { statusCode, body: failure(refusal.reason, refusal.issues) };
  if (!(refusal instanceof RateLimited)) return answer;
  return { ...answer, headers: { "Retry-After": String(Math.ceil(refusal.retryAfterMs / 1000)) } };
}

/**
 * Maps anything a procedure or the transport threw onto an envelope. Unexpected failures are logged with the
 * request id and answered as `generic`, never with a stack.
 */
export function toErrorAnswer(error: unknown, log: FastifyBaseLogger): ErrorAnswer {
  if (error instanceof ReasonError) return refusalAnswer(error, log);
  if (error instanceof TRPCError && error.cause instanceof ReasonError) return refusalAnswer(error.cause, log);
  if (error instanceof TRPCError) {
    const statusCode = getHTTPStatusCodeFromError(error);
    if (statusCode >= 500) {
      log.error({ err: error.cause ?? error }, "procedure failed");
      return { statusCode: 500, body: failure("generic") };
    }
    // The input's schema refused it (a ZodError), or tRPC could not read it.
    const issues: FieldIssue[] | undefined = error.cause instanceof ZodError ? schemaIssues(error.cause) : undefined;
    return { statusCode, body: failure(reasonOf(error), issues) };
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
