import { z } from "zod";
import { payoutMethod } from "../enum-schemas";
import { PAYOUT_FAILURE_REASONS, PAYOUT_STEPS } from "../payouts";
import { answerSchemas } from "./registry";

/** A payout as the tracker shows it (PayoutView): its steps reached so far, each with its ISO date. */
export const payoutAnswer = z
  .object({
    id: z.number().int(),
    method: payoutMethod,
    amountCents: z.number().int(),
    email: z.string(),
    accountOwnerName: z.string().nullable(),
    bankAccount: z.string().nullable(),
    state: z.enum(PAYOUT_STEPS),
    steps: z.array(z.object({ step: z.enum(PAYOUT_STEPS), at: z.string() })),
    requestedAt: z.string(),
    releaseDate: z.string().nullable(),
    failure: z.object({ reason: z.enum(PAYOUT_FAILURE_REASONS), message: z.string().nullable() }).nullable(),
    notice: z.string().nullable(),
    retryOf: z.number().int().nullable(),
    retriedBy: z.number().int().nullable(),
    canRetry: z.boolean(),
  })
  .register(answerSchemas, { id: "Payout" });

/** GET /api/earnings/payouts: newest first; pass nextCursor back as `cursor`. */
export const payoutPageAnswer = z
  .object({ items: z.array(payoutAnswer), nextCursor: z.string().nullable() })
  .register(answerSchemas, { id: "PayoutPage" });

/** A payout request or retry: the new payout and the balance it left. */
export const payoutRequestedAnswer = z
  .object({ payout: payoutAnswer, balanceCents: z.number().int() })
  .register(answerSchemas, { id: "PayoutRequested" });
