import type { Reason } from "@market/contracts";
import { TRPCError } from "@trpc/server";

type Code = ConstructorParameters<typeof TRPCError>[0]["code"];

/** The machine reason travels in the error's cause so the error formatter and the REST shim can read it. */
export class ReasonError extends Error {
  constructor(readonly reason: Reason) {
    super(reason);
    this.name = "ReasonError";
  }
}

/** Throws a TRPCError carrying a reason from the spec's catalogue. */
export function fail(code: Code, reason: Reason, message?: string): never {
  throw new TRPCError({ code, message: message ?? reason, cause: new ReasonError(reason) });
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
