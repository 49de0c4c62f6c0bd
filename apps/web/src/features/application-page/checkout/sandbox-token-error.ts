import { TRPCClientError } from "@trpc/client";
import { reasonOf } from "../../../lib/reasons";
import { ProviderError } from "./checkout-flow";

/**
 * The sandbox's tokenization read as Stripe.js's would be: a refused card number, date or code comes back from
 * payments.sandboxToken as invalid with Stripe's message on the field, which the checkout shows as the provider's.
 */
export function sandboxTokenError(error: unknown): unknown {
  if (reasonOf(error) !== "invalid" || !(error instanceof TRPCClientError)) return error;
  const issues = (error.data as { issues?: { message?: unknown }[] } | undefined)?.issues;
  const message = issues?.find((issue) => typeof issue.message === "string")?.message;
  return typeof message === "string" ? new ProviderError(message) : error;
}
