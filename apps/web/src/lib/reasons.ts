import type { Reason } from "@market/contracts";
import { TRPCClientError } from "@trpc/client";
import type { ParseKeys } from "i18next";

/** The message of every server reason (packages/contracts/src/reasons.ts), in one place. */
export const REASON_MESSAGE_KEYS = {
  invalid: "GLOBAL.INVALID",
  not_found: "GLOBAL.NOT_FOUND",
  generic: "GLOBAL.GENERIC_ERROR",
  unauthorized: "GLOBAL.UNAUTHORIZED",
  forbidden: "FILE.FORBIDDEN",
  rate_limited: "GLOBAL.RATE_LIMITED",
  csrf: "GLOBAL.GENERIC_ERROR",
  expired: "DEAL.EXPIRED",
  paused: "DEAL.ERROR_PAUSED",
  closed: "DEAL.ERROR_CLOSED",
  bad_password: "PASSWORD.BAD",
  password_too_short: "PASSWORD.TOO_SHORT",
  username_taken: "SIGNUP.USERNAME_TAKEN",
  email_taken: "SIGNUP.EMAIL_TAKEN",
  no_campaigns: "INFLUENCER.HIRE.NO_CAMPAIGNS",
  not_approved: "INFLUENCER.HIRE.NOT_APPROVED",
  too_big: "FILE.TOO_BIG",
  bad_format: "FILE.BAD_FORMAT",
  too_many_pixels: "FILE.TOO_MANY_PIXELS",
  unknown: "FILE.UNKNOWN_ERROR",
  not_allowed_yet: "FEEDBACK.NOT_ALLOWED_YET",
  price_changed: "CHECKOUT_MODAL.PRICE_CHANGED",
  missing_parameters: "PROPOSAL.MISSING_PARAMETERS",
  no_change: "PROPOSAL.CHANGE_SOMETHING",
  conflict: "GLOBAL.CONFLICT",
  has_applicants: "DEAL.HAS_APPLICANTS",
  chat_disabled: "APPLICATION.CHAT_DISABLED",
  payment_failed: "CHECKOUT_MODAL.PAYMENT_FAILED",
  payment_unavailable: "CHECKOUT_MODAL.PAYMENT_UNAVAILABLE",
  not_enough_earnings: "EARNINGS.PAYOUT.NOT_ENOUGH_EARNINGS",
  // API keys' refusals (issue 39): the web app signs in with a session, so it meets them only by mistake.
  key_invalid: "GLOBAL.UNAUTHORIZED",
  key_expired: "GLOBAL.UNAUTHORIZED",
  key_revoked: "GLOBAL.UNAUTHORIZED",
  key_with_session: "GLOBAL.GENERIC_ERROR",
  key_in_query: "GLOBAL.GENERIC_ERROR",
  scope: "FILE.FORBIDDEN",
  session_required: "FILE.FORBIDDEN",
  not_paid: "EARNINGS.PAYOUT.NOT_PAID",
} as const satisfies Record<Reason, ParseKeys>;

/** The reason a tRPC call failed with (the server puts it in the error data); generic for anything else. */
export function reasonOf(error: unknown): Reason {
  if (error instanceof TRPCClientError) {
    const reason = (error.data as { reason?: unknown } | undefined)?.reason;
    if (typeof reason === "string" && Object.hasOwn(REASON_MESSAGE_KEYS, reason)) return reason as Reason;
  }
  return "generic";
}
