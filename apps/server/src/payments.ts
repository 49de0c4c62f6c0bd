import { createStripeGateway, type PaymentGateway } from "@market/api";
import type { Env } from "./env";

/**
 * The payment gateway main.ts passes to the services: Stripe when its keys are set (loadEnv has made sure they
 * come with the webhook secret, and that production does not run without them unless told), else the built-in
 * sandbox, which takes Stripe's test cards and moves no money.
 */
export function paymentGatewayFrom(
  env: Pick<Env, "STRIPE_SECRET_KEY" | "STRIPE_PUBLISHABLE_KEY" | "STRIPE_WEBHOOK_SECRET">,
  sandbox: () => PaymentGateway,
): PaymentGateway {
  const { STRIPE_SECRET_KEY: secretKey, STRIPE_PUBLISHABLE_KEY: publishableKey } = env;
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET;
  if (!secretKey || !publishableKey || !webhookSecret) return sandbox();
  return createStripeGateway({ secretKey, publishableKey, webhookSecret });
}
