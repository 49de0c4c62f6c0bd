import type { PaymentsConfig } from "@market/contracts";
import type { PaymentProvider } from "@market/db";

/**
 * The payment gateway port of money.md: the Stripe adapter when STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY are
 * set, the built-in sandbox otherwise (same contract, Stripe's test cards). Services depend on this interface
 * only; amounts are integer cents in USD. Every call throws PaymentUnavailableError when the provider cannot be
 * reached or fails on its side.
 */
export interface PaymentGateway {
  readonly provider: PaymentProvider;
  /** What the browser needs to load its card form (GET /api/payments/config). */
  readonly publicConfig: PaymentsConfig;

  /**
   * Creates and confirms a payment intent. `idempotencyKey` is derived from the application and the attempt, so
   * a retried request never charges twice. With `save`, a successful payment also answers the saved method.
   */
  charge(request: ChargeRequest): Promise<ChargeOutcome>;

  /** The state of an intent the browser authenticated (accept's confirmToken), or a webhook named. */
  retrieve(intentId: string): Promise<ChargeOutcome>;

  /** Refunds a succeeded intent in full (the admin's refund). */
  refund(request: { intentId: string; amountCents: number; idempotencyKey: string }): Promise<{ refundId: string }>;

  /**
   * Checks a webhook's signature (300 s tolerance against `now`) and reads the event; throws
   * WebhookSignatureError on a bad or stale signature. Events the product does not act on read as `ignored`.
   */
  parseWebhook(rawBody: string, signatureHeader: string | undefined, now: Date): WebhookEvent;
}

/** Where the money comes from: a new card's token from the card form, or the brand's saved card. */
export type PaymentSource =
  | { kind: "token"; token: string }
  | { kind: "saved"; customerId: string; paymentMethodId: string };

export interface ChargeRequest {
  amountCents: number;
  idempotencyKey: string;
  source: PaymentSource;
  /** Remember the new card (a provider customer for this user); ignored for a saved source. */
  save: { userId: number; email: string } | null;
  /** Shown on the provider's dashboard and card statement. */
  description: string;
  metadata: ChargeMetadata;
}

/**
 * What a charge pays for, sent with it and carried by every event about it (Stripe: the intent's metadata): the
 * webhook finds the attempt by it when the attempt never got the intent id (its process died after the charge).
 */
export interface ChargeMetadata {
  applicationId: string;
  attempt: string;
}

/** The card as the provider describes it; what the checkout shows of a saved card. */
export interface CardDetails {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export type ChargeOutcome =
  | {
      status: "succeeded";
      intentId: string;
      amountCents: number;
      /** Present when the request asked to save the card and the provider saved it. */
      saved: { customerId: string; paymentMethodId: string; card: CardDetails } | null;
    }
  | { status: "requires_action"; intentId: string; clientSecret: string }
  /**
   * The provider took the payment but has not settled it yet (Stripe's `processing`: rare for cards, which Stripe
   * mostly settles at once, docs.stripe.com/payments/paymentintents/lifecycle). Not paid: the hire waits for the
   * provider's payment_succeeded (or payment_failed) webhook, which settles it.
   */
  | { status: "processing"; intentId: string }
  | {
      status: "failed";
      intentId: string | null;
      /** The provider's code, e.g. card_declined, expired_card, authentication_failed. */
      code: string;
      /** The provider's message for the brand, when it gave one (spec section 8: shown as is). */
      message: string | null;
    };

/** A webhook event, read and verified; `metadata` is the charge's, null when the event carries none. */
export type WebhookEvent =
  | { id: string; type: "payment_succeeded"; intentId: string; amountCents: number; metadata: ChargeMetadata | null }
  | {
      id: string;
      type: "payment_failed";
      intentId: string;
      code: string;
      message: string | null;
      metadata: ChargeMetadata | null;
    }
  | { id: string; type: "ignored" };

/**
 * The provider could not be reached or failed on its side (a network error, a timeout, a 5xx, its rate limit):
 * the request's outcome is unknown, not a refusal. The services write nothing for it and answer
 * payment_unavailable (HTTP 503), so that the same action can be tried again later.
 */
export class PaymentUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "PaymentUnavailableError";
  }
}

export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebhookSignatureError";
  }
}

/** The charge metadata among an event's free-form metadata, or null when it has none (not our charge). */
export function chargeMetadataOf(metadata: unknown): ChargeMetadata | null {
  if (typeof metadata !== "object" || metadata === null) return null;
  const { applicationId, attempt } = metadata as Record<string, unknown>;
  const positive = /^[1-9][0-9]{0,9}$/;
  if (typeof applicationId !== "string" || !positive.test(applicationId)) return null;
  if (typeof attempt !== "string" || !positive.test(attempt)) return null;
  return { applicationId, attempt };
}
