import {
  type Clock,
  createPayPalPayoutProvider,
  createWisePayoutProvider,
  type PayoutProviders,
  sandboxPayoutProvider,
} from "@market/api";
import type { Env } from "./env";

type PayoutEnv = Pick<
  Env,
  | "WISE_API_TOKEN"
  | "WISE_PROFILE_ID"
  | "WISE_API_URL"
  | "PAYPAL_CLIENT_ID"
  | "PAYPAL_CLIENT_SECRET"
  | "PAYPAL_API_URL"
  | "SANDBOX_PAYOUT_DELAY_MS"
>;

/**
 * The payout provider of each method main.ts gives the worker: Wise for transferwise and PayPal Payouts for paypal
 * when their settings are there (loadEnv has made sure they come in pairs), else the built-in sandbox, which pays
 * after SANDBOX_PAYOUT_DELAY_MS and fails a payout to an email containing "fail".
 */
export function payoutProvidersFrom(env: PayoutEnv, clock: Clock): PayoutProviders {
  const delayMs = env.SANDBOX_PAYOUT_DELAY_MS;
  return {
    transferwise:
      env.WISE_API_TOKEN && env.WISE_PROFILE_ID
        ? createWisePayoutProvider({
            apiToken: env.WISE_API_TOKEN,
            profileId: env.WISE_PROFILE_ID,
            apiUrl: env.WISE_API_URL,
            now: () => clock.now(),
          })
        : sandboxPayoutProvider({ clock, delayMs, method: "transferwise" }),
    paypal:
      env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET
        ? createPayPalPayoutProvider({
            clientId: env.PAYPAL_CLIENT_ID,
            clientSecret: env.PAYPAL_CLIENT_SECRET,
            apiUrl: env.PAYPAL_API_URL,
            clock,
          })
        : sandboxPayoutProvider({ clock, delayMs, method: "paypal" }),
  };
}
