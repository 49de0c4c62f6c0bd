import type { Stripe } from "@stripe/stripe-js";
// The pure entry adds Stripe's script only when a checkout on Stripe opens, not on every page of the app.
import { loadStripe } from "@stripe/stripe-js/pure";
import { ProviderError } from "./checkout-flow";

/** Past this, a script that neither loads nor fails (a stalled network) counts as not loaded. */
const LOAD_TIMEOUT_MS = 15_000;

/**
 * Stripe.js for the publishable key, or null when the script could not be loaded (spec section 8: the checkout then
 * says the payment module could not be loaded). A later checkout tries again: stripe-js forgets a failed load.
 */
export async function loadStripeOrNull(publishableKey: string): Promise<Stripe | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), LOAD_TIMEOUT_MS);
  });
  try {
    return await Promise.race([loadStripe(publishableKey).catch(() => null), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Stripe's authentication of a payment that answered requiresAction (3-D Secure in its own frame): answers the
 * intent id to confirm, or throws Stripe's message for the brand.
 */
export async function authenticateWithStripe(stripe: Stripe, intentSecret: string): Promise<string> {
  const result = await stripe.handleNextAction({ clientSecret: intentSecret });
  if (result.error) throw new ProviderError(result.error.message ?? null);
  const intent = "paymentIntent" in result ? result.paymentIntent : undefined;
  if (!intent) throw new ProviderError(null);
  return intent.id;
}
