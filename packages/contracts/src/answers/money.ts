import { z } from "zod";
import { networkType, payoutMethod } from "../enum-schemas";
import { TRANSACTION_TYPES } from "../enums";
import { answerSchemas } from "./registry";
import { usageRightsAnswer } from "./shared";

/** The usage rights of each hired network. */
const hiredUsageRights = z.array(z.object({ network: networkType, usageRights: usageRightsAnswer }));

/** One row of GET /api/earnings (TransactionView): an i-payment (credit) or a payout (debit), in cents. */
export const transactionAnswer = z
  .object({
    id: z.string(),
    type: z.enum(TRANSACTION_TYPES),
    diffType: z.enum(["credit", "debit"]),
    amountCents: z.number().int(),
    feesPercent: z.number(),
    amountNoFeesCents: z.number().int(),
    date: z.string(),
    releaseDate: z.string().nullable(),
    released: z.boolean(),
    refundDate: z.string().nullable(),
    status: z.enum(["pending", "released", "refunded", "processing", "paid", "failed", "returned"]),
    usageRights: hiredUsageRights,
    info: z.object({
      deal: z.object({ id: z.number().int(), title: z.string() }).nullable(),
      applicationId: z.number().int().nullable(),
      method: payoutMethod.nullable(),
      payoutId: z.number().int().nullable(),
    }),
  })
  .register(answerSchemas, { id: "Transaction" });

/** GET /api/earnings: newest first; pass nextCursor back as `cursor`. */
export const earningsPageAnswer = z
  .object({ items: z.array(transactionAnswer), nextCursor: z.string().nullable() })
  .register(answerSchemas, { id: "EarningsPage" });

/** One row of GET /api/hires (HireView). */
export const hireAnswer = z
  .object({
    applicationId: z.number().int(),
    created: z.string(),
    amountCents: z.number().int(),
    feesPercent: z.number(),
    feesCents: z.number().int(),
    amountWithFeesCents: z.number().int(),
    deal: z.object({ id: z.number().int(), title: z.string() }),
    influencer: z.object({ username: z.string() }),
    status: z.enum(["pending", "released", "refunded"]),
    refundDate: z.string().nullable(),
    usageRights: hiredUsageRights,
  })
  .register(answerSchemas, { id: "Hire" });

/** GET /api/hires: newest first, with the totals over every hire of the brand. */
export const hiresPageAnswer = z
  .object({
    items: z.array(hireAnswer),
    nextCursor: z.string().nullable(),
    totals: z.object({
      releasedCents: z.number().int(),
      pendingCents: z.number().int(),
      refundedCents: z.number().int(),
    }),
  })
  .register(answerSchemas, { id: "HiresPage" });

/** GET /api/balance: the influencer's available balance from the ledger. */
export const balanceAnswer = z.object({ balanceCents: z.number().int() }).register(answerSchemas, { id: "Balance" });
