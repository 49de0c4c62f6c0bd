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
