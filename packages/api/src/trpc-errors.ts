import { type Reason, type ReasonStatus, statusOf } from "@market/contracts";
import { type TRPC_ERROR_CODE_KEY, TRPCError } from "@trpc/server";
import { ReasonError } from "./errors";

/** tRPC's code for each status of REASON_STATUS: tRPC answers the code's status, which is the reason's. */
const CODE_OF_STATUS: Record<ReasonStatus, TRPC_ERROR_CODE_KEY> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  402: "PAYMENT_REQUIRED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  429: "TOO_MANY_REQUESTS",
  500: "INTERNAL_SERVER_ERROR",
  503: "SERVICE_UNAVAILABLE",
};

/** The tRPC edge of a refusal: the TRPCError whose code answers the reason's status, the refusal as its cause. */
export const trpcErrorOf = (refusal: ReasonError): TRPCError =>
  new TRPCError({ code: CODE_OF_STATUS[statusOf(refusal.reason)], message: refusal.message, cause: refusal });

/** Refuses at the tRPC edge itself (a middleware's own checks), as a service's refusal would be answered. */
export function refuse(reason: Reason): never {
  throw trpcErrorOf(new ReasonError(reason));
}

/**
 * What tRPC made of a throw, translated when it was a service's refusal: tRPC wraps anything but its own error as
 * an INTERNAL_SERVER_ERROR whose cause is the thrown value.
 */
export function translated(error: TRPCError): TRPCError {
  return error.code === "INTERNAL_SERVER_ERROR" && error.cause instanceof ReasonError
    ? trpcErrorOf(error.cause)
    : error;
}

const REASON_OF_CODE: Partial<Record<TRPC_ERROR_CODE_KEY, Reason>> = {
  BAD_REQUEST: "invalid",
  PARSE_ERROR: "invalid",
  UNAUTHORIZED: "unauthorized",
  FORBIDDEN: "forbidden",
  NOT_FOUND: "not_found",
  TOO_MANY_REQUESTS: "rate_limited",
  CONFLICT: "conflict",
  PAYLOAD_TOO_LARGE: "too_big",
};

/** The reason of any TRPCError: its refusal's, else one derived from its code (an input tRPC could not read). */
export function reasonOf(error: TRPCError): Reason {
  if (error.cause instanceof ReasonError) return error.cause.reason;
  return REASON_OF_CODE[error.code] ?? "generic";
}
