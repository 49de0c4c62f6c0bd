import { type RestRoute, untrusted } from "./route";

/**
 * The checkout's card form: what the browser loads (Stripe's key or the sandbox), and the sandbox's own card form
 * (tokenize a test card, the authentication step), which answer not_found while Stripe is the gateway.
 */
export const paymentRoutes: RestRoute[] = [
  { method: "GET", path: "/api/payments/config", call: (caller) => caller.payments.config() },
  {
    method: "POST",
    path: "/api/payments/sandbox/tokens",
    call: (caller, { body }) => caller.payments.sandboxToken(untrusted(body ?? {})),
  },
  {
    method: "POST",
    path: "/api/payments/sandbox/authenticate",
    call: (caller, { body }) => caller.payments.sandboxAuthenticate(untrusted(body ?? {})),
  },
];
