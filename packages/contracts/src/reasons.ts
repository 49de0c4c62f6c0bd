/**
 * Machine reasons carried by errors: TRPCError data.reason for tRPC, {status: "error", reason} for REST.
 * The web maps each to an i18n key.
 */
export const REASONS = [
  "invalid",
  "not_found",
  "generic",
  "unauthorized",
  "forbidden",
  "rate_limited",
  "csrf",
  "expired",
  "paused",
  "closed",
  "bad_password",
  "password_too_short",
  "username_taken",
  "email_taken",
  "no_campaigns",
  "not_approved",
  "too_big",
  "bad_format",
  /** An uploaded picture or campaign image of more than MAX_IMAGE_PIXELS pixels, whatever its size in bytes. */
  "too_many_pixels",
  "unknown",
  "not_allowed_yet",
  "price_changed",
  "missing_parameters",
  "no_change",
  "conflict",
  "has_applicants",
  "chat_disabled",
  /** The card was refused or its payment failed; the answer's message is the provider's when it gave one. */
  "payment_failed",
  /**
   * The payment provider cannot be reached or failed on its side (HTTP 503): nothing was charged or refunded by this
   * call and nothing was written; the same action can be tried again later.
   */
  "payment_unavailable",
  /** A payout of more than the available balance (spec section 8: not enough earnings for payout). */
  "not_enough_earnings",
  /** An API key (issue 39) that is malformed or unknown, or whose owner may no longer have one. */
  "key_invalid",
  /** An API key past its expiry, or past the end a roll gave it. */
  "key_expired",
  "key_revoked",
  /** A request with both a session cookie and an API key: which one acts would be a guess. */
  "key_with_session",
  /** Something that looks like an API key in a query string: URLs end up in logs, so the key counts as leaked. */
  "key_in_query",
  /** An API key's call outside its scopes; the message names the scope it lacks. */
  "scope",
  /** What only a signed-in person may do (keys, impersonation, signing in or out): refused to an API key. */
  "session_required",
  /** A receipt asked of a payment or payout that was not paid (issue 40): a hire still waiting, a payout on its way or failed. */
  "not_paid",
] as const;
export type Reason = (typeof REASONS)[number];

/**
 * A field an error is about, as the `issues` of an error answer list them: a schema's issue, the raw-input check's,
 * or one a service names with its reason (both the username and the email taken). Server and web read this shape.
 */
export interface FieldIssue {
  path: (string | number)[];
  message: string;
}

/**
 * The HTTP status of each reason, chosen once: both edges answer it (the REST envelope's status, and the tRPC code
 * whose status it is), and docs/api.md's table of statuses is checked against it (reason-status.test.ts). Services
 * throw a reason, never a status.
 *
 * - 400: the request itself is wrong (a field, a password that does not match, a picture too large in pixels);
 *   it would be refused in any state.
 * - 409: a well-formed request that the current state refuses (RFC 9110, 15.5.10): the deal expired, closed or
 *   paused, the price changed since it was read, nothing to change, a name already taken.
 * - 401 only for "no valid session", which a client reads as "sign in again": a wrong password, even at login, is a
 *   400 on its field, never a 401.
 * - 402 for a card the provider refused, as Stripe answers it.
 */
export const REASON_STATUS = {
  invalid: 400,
  missing_parameters: 400,
  password_too_short: 400,
  bad_password: 400,
  bad_format: 400,
  too_many_pixels: 400,
  unauthorized: 401,
  key_invalid: 401,
  key_expired: 401,
  key_revoked: 401,
  key_with_session: 400,
  key_in_query: 400,
  scope: 403,
  session_required: 403,
  payment_failed: 402,
  forbidden: 403,
  csrf: 403,
  not_found: 404,
  expired: 409,
  closed: 409,
  paused: 409,
  no_change: 409,
  no_campaigns: 409,
  not_approved: 409,
  not_allowed_yet: 409,
  price_changed: 409,
  conflict: 409,
  has_applicants: 409,
  chat_disabled: 409,
  not_enough_earnings: 409,
  not_paid: 409,
  username_taken: 409,
  email_taken: 409,
  too_big: 413,
  rate_limited: 429,
  generic: 500,
  /** An image's processing failed in a way the server cannot name (the web's "unknown error"). */
  unknown: 500,
  payment_unavailable: 503,
} as const satisfies Record<Reason, number>;

export type ReasonStatus = (typeof REASON_STATUS)[Reason];

/** The HTTP status a refusal with this reason answers. */
export const statusOf = (reason: Reason): ReasonStatus => REASON_STATUS[reason];
