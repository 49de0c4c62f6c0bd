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
