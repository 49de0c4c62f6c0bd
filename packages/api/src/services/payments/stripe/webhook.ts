import Stripe from "stripe";
import { chargeMetadataOf, type WebhookEvent, WebhookSignatureError } from "../gateway";
import { failureOf } from "./intent-outcome";

/** Stripe's own default: a signature older than 5 minutes is refused, so a captured delivery cannot be replayed later. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * Verifies a delivery to POST /api/payments/stripe/webhook with Stripe's SDK, against the caller's clock rather than
 * the machine's (the SDK takes the receive time), and reads the events the checkout acts on.
 */
export function parseStripeWebhook(
  stripe: Stripe,
  secret: string,
  rawBody: string,
  signatureHeader: string | undefined,
  now: Date,
): WebhookEvent {
  if (!signatureHeader) throw new WebhookSignatureError("missing Stripe-Signature header");
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(
      rawBody,
      signatureHeader,
      secret,
      WEBHOOK_TOLERANCE_SECONDS,
      undefined,
      now.getTime(),
    );
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) throw new WebhookSignatureError(error.message);
    throw error;
  }
  // The SDK only refuses old signatures; one dated beyond the tolerance ahead of our clock is as suspicious.
  const signedAt = Number(/(?:^|,)t=(\d+)/.exec(signatureHeader)?.[1]);
  if (signedAt - Math.floor(now.getTime() / 1000) > WEBHOOK_TOLERANCE_SECONDS) {
    throw new WebhookSignatureError("Timestamp outside the tolerance zone");
  }
  return readEvent(event);
}

function readEvent(event: Stripe.Event): WebhookEvent {
  switch (event.type) {
    case "payment_intent.succeeded": {
      const intent = event.data.object;
      return {
        id: event.id,
        type: "payment_succeeded",
        intentId: intent.id,
        amountCents: intent.amount_received,
        metadata: chargeMetadataOf(intent.metadata),
      };
    }
    case "payment_intent.payment_failed": {
      const intent = event.data.object;
      return {
        id: event.id,
        type: "payment_failed",
        intentId: intent.id,
        ...failureOf(intent.last_payment_error),
        metadata: chargeMetadataOf(intent.metadata),
      };
    }
    default:
      return { id: event.id, type: "ignored" };
  }
}
