import { z } from "zod";
import { answerSchemas } from "./registry";

/** GET /api/account/card: the saved card (month on two digits), or null when none is usable. */
export const savedCardAnswer = z
  .object({ type: z.string(), last4: z.string(), expMonth: z.string(), expYear: z.number().int() })
  .nullable()
  .register(answerSchemas, { id: "SavedCard" });

/** GET /api/payments/config: what the browser's card form loads, Stripe's publishable key or the sandbox. */
export const paymentsConfigAnswer = z
  .discriminatedUnion("provider", [
    z.object({ provider: z.literal("stripe"), publishableKey: z.string() }),
    z.object({ provider: z.literal("sandbox") }),
  ])
  .register(answerSchemas, { id: "PaymentsConfig" });

/**
 * POST /api/applications/{id}/accept (AcceptResult): paid; or processing (the gateway's answer comes by webhook);
 * or the card asks for authentication, to complete with `intentSecret` and accept again.
 */
export const acceptAnswer = z
  .union([
    z.object({ requiresAction: z.literal(false), processing: z.literal(false).optional() }),
    z.object({ requiresAction: z.literal(false), processing: z.literal(true) }),
    z.object({ requiresAction: z.literal(true), intentSecret: z.string() }),
  ])
  .register(answerSchemas, { id: "AcceptResult" });

/** POST /api/payments/sandbox/tokens: the sandbox card's token, sent next as accept's card token. */
export const sandboxTokenAnswer = z.object({ token: z.string() }).register(answerSchemas, { id: "SandboxToken" });

/** POST /api/payments/sandbox/authenticate: the intent to complete, sent next as accept's confirmToken. */
export const sandboxAuthenticateAnswer = z
  .object({ intentId: z.string() })
  .register(answerSchemas, { id: "SandboxAuthenticateResult" });

/** POST /api/payments/stripe/webhook: the event was handled (or had been already). */
export const stripeWebhookAnswer = z
  .object({ received: z.literal(true) })
  .register(answerSchemas, { id: "WebhookReceived" });
