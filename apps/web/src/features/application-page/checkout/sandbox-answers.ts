import { TRPCClientError } from "@trpc/client";
import { reasonOf } from "../../../lib/reasons";
import { intentIdOfSecret, ProviderError } from "./checkout-flow";

/**
 * The sandbox's answers read as Stripe's would be: a refused card number, date or code comes back from
 * payments.sandboxToken as invalid with Stripe's message on the field, which the checkout shows as the provider's.
 */
export function sandboxTokenError(error: unknown): unknown {
  if (reasonOf(error) !== "invalid" || !(error instanceof TRPCClientError)) return error;
  const issues = (error.data as { issues?: { message?: unknown }[] } | undefined)?.issues;
  const message = issues?.find((issue) => typeof issue.message === "string")?.message;
  return typeof message === "string" ? new ProviderError(message) : error;
}

/** The intent the test bank authenticated: its answer's, else the client secret's own (Stripe's secret format). */
export function sandboxIntentId(answer: unknown, intentSecret: string): string {
  if (answer && typeof answer === "object" && "intentId" in answer && typeof answer.intentId === "string") {
    return answer.intentId;
  }
  return intentIdOfSecret(intentSecret);
}
