import { fail } from "../../errors";
import { PaymentUnavailableError } from "./gateway";

const PAYMENT_UNAVAILABLE_MESSAGE =
  "The payment provider cannot be reached right now and the payment did not go through. Please try again in a few minutes.";

/** The provider's outage as the caller reads it: payment_unavailable, HTTP 503 (try again later), not a 500. */
export function failUnavailable(message = PAYMENT_UNAVAILABLE_MESSAGE): never {
  fail("payment_unavailable", message);
}

/**
 * Runs a service action that calls the payment provider, its outage (PaymentUnavailableError) answered by
 * failUnavailable. The action must have written nothing the outage could leave half done.
 */
export async function answeringOutage<T>(action: () => Promise<T>, message?: string): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (error instanceof PaymentUnavailableError) failUnavailable(message);
    throw error;
  }
}
