import type Stripe from "stripe";
import type { ChargeOutcome } from "../gateway";

/**
 * How Stripe's PaymentIntent states read as the port's outcomes. Pure: the adapter fetches, this decides.
 */

/** Stripe's code for a failed 3-D Secure challenge, and the port's name for it. */
const STRIPE_AUTHENTICATION_FAILURE = "payment_intent_authentication_failure";
export const AUTHENTICATION_FAILED = "authentication_failed";

/** The reason of a payment that failed after confirmation (a failed 3-D Secure step, a decline after it). */
export function failureOf(error: Stripe.PaymentIntent.LastPaymentError | null | undefined): {
  code: string;
  message: string | null;
} {
  // An intent back at requires_payment_method without a recorded error was abandoned at the authentication step.
  if (!error) return { code: AUTHENTICATION_FAILED, message: null };
  const code = !error.code || error.code === STRIPE_AUTHENTICATION_FAILURE ? AUTHENTICATION_FAILED : error.code;
  return { code, message: error.message ?? null };
}

/**
 * Thrown for a state a card payment confirmed on the server never reaches: requires_capture (we capture
 * automatically), requires_confirmation (we confirm on creation), or a status newer than the pinned API version.
 */
export class UnexpectedIntentStatusError extends Error {
  constructor(
    readonly intentId: string,
    readonly status: string,
  ) {
    super(`Stripe PaymentIntent ${intentId} is ${status}, which a confirmed card payment never answers`);
    this.name = "UnexpectedIntentStatusError";
  }
}

/**
 * Reads an intent as an outcome. `saved` is the card Stripe attached to the customer when the intent was made to
 * keep it (setup_future_usage), looked up by the caller only for a succeeded intent.
 */
export function outcomeOfIntent(
  intent: Stripe.PaymentIntent,
  saved: Extract<ChargeOutcome, { status: "succeeded" }>["saved"],
): ChargeOutcome {
  switch (intent.status) {
    case "succeeded":
      return { status: "succeeded", intentId: intent.id, amountCents: intent.amount_received, saved };
    case "requires_action":
      if (!intent.client_secret) throw new UnexpectedIntentStatusError(intent.id, "requires_action without a secret");
      return { status: "requires_action", intentId: intent.id, clientSecret: intent.client_secret };
    case "requires_payment_method":
      return { status: "failed", intentId: intent.id, ...failureOf(intent.last_payment_error) };
    case "processing":
      // Taken but not settled yet (docs.stripe.com/payments/paymentintents/lifecycle: "processing"): the webhook's
      // payment_intent.succeeded or payment_intent.payment_failed settles it later. Not paid, not a failure.
      return { status: "processing", intentId: intent.id };
    case "canceled":
      return { status: "failed", intentId: intent.id, code: "canceled", message: null };
    default:
      throw new UnexpectedIntentStatusError(intent.id, intent.status);
  }
}

/** The id of an expandable reference (`customer`, `payment_method`), whether Stripe answered the id or the object. */
export function idOf(reference: string | { id: string } | null | undefined): string | null {
  if (reference === null || reference === undefined) return null;
  return typeof reference === "string" ? reference : reference.id;
}
