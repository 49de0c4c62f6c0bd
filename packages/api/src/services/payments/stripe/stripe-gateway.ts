import Stripe from "stripe";
import type { ChargeOutcome, ChargeRequest, PaymentGateway } from "../gateway";
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
 * The real PaymentGateway: a PaymentIntent created and confirmed on the server (cards only, no redirect), the
 * browser running 3-D Secure when the intent asks for it. A card Stripe refuses is an outcome (`failed` with
 * Stripe's code and message, shown as is); any other Stripe error (bad key, invalid request, Stripe down) is thrown.
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

    async charge(request: ChargeRequest) {
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
    },

    async retrieve(intentId) {
      return outcomeOf(await stripe.paymentIntents.retrieve(intentId));
    },

    async refund({ intentId, amountCents, idempotencyKey }) {
      const refund = await stripe.refunds.create({ payment_intent: intentId, amount: amountCents }, { idempotencyKey });
      return { refundId: refund.id };
    },

    parseWebhook(rawBody, signatureHeader, now) {
      return parseStripeWebhook(stripe, options.webhookSecret, rawBody, signatureHeader, now);
    },
  };
}
