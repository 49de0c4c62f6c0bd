import type { Clock } from "../../../clock";
import { type PayoutOutcome, type PayoutProvider, PayoutProviderError } from "../provider";

/** How long the sandbox takes to pay by default: long enough to see "sent", short enough to watch it paid. */
export const DEFAULT_SANDBOX_PAYOUT_DELAY_MS = 30_000;

/** An email holding this (any case) makes the sandbox fail the payout, so the failure path can be shown and tried. */
export const SANDBOX_FAILING_EMAIL_MARK = "fail";
export const SANDBOX_FAILURE_MESSAGE = `The sandbox refuses accounts whose email contains "${SANDBOX_FAILING_EMAIL_MARK}".`;

/**
 * The built-in payout provider, used for a method whose real provider is not configured: it accepts every payout
 * and pays it `delayMs` after it was sent, except to an email containing "fail", which it fails (invalid_account)
 * after the same delay. Its state is in its references (`sandbox:<name>:<reference>:<sentAtMs>:<pay|fail>`), so
 * every instance and a restart read the same outcome; a payout sent again answers its first reference, as the
 * real providers do for a repeated idempotency key.
 */
export function sandboxPayoutProvider(options: { clock: Clock; delayMs?: number; method: string }): PayoutProvider {
  const delayMs = options.delayMs ?? DEFAULT_SANDBOX_PAYOUT_DELAY_MS;
  const sent = new Map<string, string>();
  return {
    name: "sandbox",
    async send(order) {
      const known = sent.get(order.reference);
      if (known) return { status: "sent", providerReference: known };
      const outcome = order.email.toLowerCase().includes(SANDBOX_FAILING_EMAIL_MARK) ? "fail" : "pay";
      const reference = `sandbox:${options.method}:${order.reference}:${options.clock.now().getTime()}:${outcome}`;
      sent.set(order.reference, reference);
      return { status: "sent", providerReference: reference };
    },
    async status(providerReference): Promise<PayoutOutcome> {
      const match = /^sandbox:[a-z]+:[^:]+:(\d+):(pay|fail)$/.exec(providerReference);
      if (!match) throw new PayoutProviderError(`not a sandbox payout: ${providerReference}`);
      if (options.clock.now().getTime() - Number(match[1]) < delayMs) return { status: "pending" };
      return match[2] === "pay"
        ? { status: "paid" }
        : { status: "failed", reason: "invalid_account", message: SANDBOX_FAILURE_MESSAGE };
    },
  };
}
