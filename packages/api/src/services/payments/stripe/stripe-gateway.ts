import Stripe from "stripe";
import { type ChargeOutcome, type ChargeRequest, type PaymentGateway, PaymentUnavailableError } from "../gateway";
import { idOf, outcomeOfIntent } from "./intent-outcome";
import { parseStripeWebhook } from "./webhook";

export interface StripeGatewayOptions {
  /** sk_… or a restricted rk_… key; stays on the server. */
  secretKey: string;
  /** pk_…; the only key the browser receives (publicConfig). */
  publishableKey: string;
  /** whsec_… of the webhook endpoint, which signs POST /api/payments/stripe/webhook. */
  webhookSecret: string;
}

/** Money is charged in US dollars only (money.md: integer cents). */
const CURRENCY = "usd";
/**
 * Network failures are retried by the SDK with the same idempotency key, so a lost answer never charges twice;
 * the timeout keeps a hung connection from holding the accept's lock for the SDK's default 80 s.
 */
const MAX_NETWORK_RETRIES = 2;
const TIMEOUT_MS = 20_000;

type Succeeded = Extract<ChargeOutcome, { status: "succeeded" }>;

/**
 * Stripe could not be reached (after the SDK's retries), timed out, failed on its side (5xx) or limits the rate:
 * the port's outage, which the services answer payment_unavailable. Any other Stripe error (bad key, invalid
 * request) is a fault of ours and stays as it is.
 */
function isOutage(error: unknown): boolean {
  if (error instanceof Stripe.errors.StripeConnectionError || error instanceof Stripe.errors.StripeAPIError)
    return true;
  if (error instanceof Stripe.errors.StripeRateLimitError) return true;
  return error instanceof Stripe.errors.StripeError && (error.statusCode ?? 0) >= 500;
}

/** Runs a Stripe call, its outage thrown as the port's PaymentUnavailableError. */
async function outageAware<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isOutage(error)) throw new PaymentUnavailableError(`Stripe is unavailable: ${String(error)}`, { cause: error });
    throw error;
  }
}

/**
 * The real PaymentGateway: a PaymentIntent created and confirmed on the server (cards only, no redirect), the
 * browser running 3-D Secure when the intent asks for it. A card Stripe refuses is an outcome (`failed` with
 * Stripe's code and message, shown as is); Stripe down or unreachable is thrown as PaymentUnavailableError; any
 * other Stripe error (bad key, invalid request) is thrown as it is.
 */
export function createStripeGateway(options: StripeGatewayOptions): PaymentGateway {
  const stripe = new Stripe(options.secretKey, { maxNetworkRetries: MAX_NETWORK_RETRIES, timeout: TIMEOUT_MS });

  /** The card an intent made to keep it (setup_future_usage) attached to its customer. */
  async function savedCardOf(intent: Stripe.PaymentIntent): Promise<Succeeded["saved"]> {
    const customerId = idOf(intent.customer);
    const paymentMethodId = idOf(intent.payment_method);
    if (!intent.setup_future_usage || !customerId || !paymentMethodId) return null;
    const method = await stripe.paymentMethods.retrieve(paymentMethodId);
    if (!method.card) return null;
    const { brand, last4, exp_month: expMonth, exp_year: expYear } = method.card;
    return { customerId, paymentMethodId, card: { brand, last4, expMonth, expYear } };
  }

  async function outcomeOf(intent: Stripe.PaymentIntent): Promise<ChargeOutcome> {
    return outcomeOfIntent(intent, intent.status === "succeeded" ? await savedCardOf(intent) : null);
  }

  return {
    provider: "stripe",
    publicConfig: { provider: "stripe", publishableKey: options.publishableKey },

    charge: (request: ChargeRequest) => outageAware(() => charge(request)),

    retrieve: (intentId) => outageAware(async () => outcomeOf(await stripe.paymentIntents.retrieve(intentId))),

    refund: ({ intentId, amountCents, idempotencyKey }) =>
      outageAware(async () => {
        const refund = await stripe.refunds.create(
          { payment_intent: intentId, amount: amountCents },
          { idempotencyKey },
        );
        return { refundId: refund.id };
      }),

    parseWebhook(rawBody, signatureHeader, now) {
      return parseStripeWebhook(stripe, options.webhookSecret, rawBody, signatureHeader, now);
    },
  };

  async function charge(request: ChargeRequest): Promise<ChargeOutcome> {
    const { source, save, idempotencyKey } = request;
    const params: Stripe.PaymentIntentCreateParams = {
      amount: request.amountCents,
      currency: CURRENCY,
      confirm: true,
      // Cards only: nothing that redirects away from the checkout, so no return_url is needed. (The pinned API
      // version refuses the older payment_method_types.)
      allowed_payment_method_types: ["card"],
      description: request.description,
      metadata: { ...request.metadata },
      // Confirmed here, its next action (3-D Secure) run by Stripe.js's handleNextAction in the browser: Stripe
      // asks for use_stripe_sdk when a server-side confirmation's next action is handled by its client SDKs
      // (stripe-node 23.1.0, PaymentIntentCreateParams.use_stripe_sdk; docs.stripe.com/payments/finalize-payments-on-the-server).
      use_stripe_sdk: true,
    };
    try {
      if (source.kind === "saved") {
        params.customer = source.customerId;
        params.payment_method = source.paymentMethodId;
      } else {
        params.payment_method = source.token;
        if (save) {
          // Keyed off the charge's own key: a retried checkout finds the customer its first try made.
          const customer = await stripe.customers.create(
            { email: save.email, metadata: { userId: String(save.userId) } },
            { idempotencyKey: `${idempotencyKey}:customer` },
          );
          params.customer = customer.id;
          // The brand pays again later at the checkout, present (with the password): on_session.
          params.setup_future_usage = "on_session";
        }
      }
      const intent = await stripe.paymentIntents.create(params, { idempotencyKey });
      return await outcomeOf(intent);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) {
        return {
          status: "failed",
          intentId: error.payment_intent?.id ?? null,
          code: error.code ?? "card_declined",
          message: error.user_message ?? error.message ?? null,
        };
      }
      throw error;
    }
  }
}
