import type { FieldIssue, Reason } from "@market/contracts";
import { TRPCError } from "@trpc/server";

type Code = ConstructorParameters<typeof TRPCError>[0]["code"];

/**
 * The machine reason travels in the error's cause so the error formatter and the REST shim can read it, with
 * the fields it concerns when there are several (both the username and the email taken).
 */
export class ReasonError extends Error {
  constructor(
    readonly reason: Reason,
    readonly issues?: FieldIssue[],
  ) {
    super(reason);
    this.name = "ReasonError";
  }
}

/**
 * A rate limit's refusal, with how long until the same attempt would be let through: the REST answer's Retry-After.
 */
export class RateLimited extends ReasonError {
  constructor(readonly retryAfterMs: number) {
    super("rate_limited");
    this.name = "RateLimited";
  }
}

/** Refuses with 429 `rate_limited`, saying when to try again. */
export function failRateLimited(retryAfterMs: number): never {
  throw new TRPCError({ code: "TOO_MANY_REQUESTS", message: "rate_limited", cause: new RateLimited(retryAfterMs) });
}

/** Throws a TRPCError carrying a reason from the spec's catalogue, and the fields it concerns if given. */
export function fail(code: Code, reason: Reason, message?: string, issues?: FieldIssue[]): never {
  throw new TRPCError({ code, message: message ?? reason, cause: new ReasonError(reason, issues) });
}

/**
 * A list's cursor this server did not make (garbage, another list's or sort's, out of range): `invalid` on the
 * cursor rather than a first page again, which a client paging on would take for more rows.
 */
export function failInvalidCursor(): never {
  return fail("BAD_REQUEST", "invalid", "This list's cursor is not valid.", [
    { path: ["cursor"], message: "Reload the list." },
  ]);
}

const DEFAULT_REASON: Partial<Record<Code, Reason>> = {
  BAD_REQUEST: "invalid",
  PARSE_ERROR: "invalid",
  UNAUTHORIZED: "unauthorized",
  FORBIDDEN: "forbidden",
  NOT_FOUND: "not_found",
  TOO_MANY_REQUESTS: "rate_limited",
  CONFLICT: "conflict",
};

/** The reason of any TRPCError: its own when thrown through fail(), else one derived from its code. */
export function reasonOf(error: TRPCError): Reason {
  if (error.cause instanceof ReasonError) return error.cause.reason;
  return DEFAULT_REASON[error.code] ?? "generic";
}
