import { z } from "zod";
import { networkType } from "../enum-schemas";
import { answerSchemas, isoInstant } from "./registry";
import { namedAccountAnswer, usageRightsAnswer } from "./shared";

/** One network's price and days in a chat line, in cents. */
const networkPrice = z.object({
  network: networkType,
  priceCents: z.number().int(),
  creationDays: z.number().int(),
  usageRights: usageRightsAnswer.optional(),
});

/** An admin's decision from the console carries the reason both parties read. */
const decision = { reason: z.string().optional() };

const base = {
  id: z.number().int(),
  created: isoInstant,
  sender: namedAccountAnswer.nullable(),
  isMe: z.boolean(),
};

/** A chat message, one variant per `type` (ChatMessageView). */
export const chatMessageAnswer = z
  .discriminatedUnion("type", [
    z.object({ ...base, type: z.literal("text"), text: z.string() }),
    z.object({
      ...base,
      type: z.literal("file"),
      file: z
        .object({ id: z.string(), name: z.string(), type: z.string(), sizeBytes: z.number().int(), url: z.string() })
        .nullable(),
    }),
    z.object({ ...base, type: z.literal("payment"), amountCents: z.number().int(), feePercent: z.number() }),
    z.object({
      ...base,
      type: z.literal("price_update"),
      changes: z.array(z.object({ network: networkType, old: networkPrice.nullable(), new: networkPrice.nullable() })),
    }),
    z.object({ ...base, type: z.literal("change_request"), prices: z.array(networkPrice) }),
    z.object({ ...base, type: z.literal("work_done"), moneyReleaseDate: isoInstant }),
    z.object({ ...base, type: z.literal("work_not_done"), text: z.string().nullable() }),
    z.object({ ...base, ...decision, type: z.literal("money_released"), automatic: z.boolean() }),
    z.object({ ...base, type: z.literal("arbitration") }),
    z.object({ ...base, ...decision, type: z.literal("refund"), amountCents: z.number().int() }),
    z.object({ ...base, ...decision, type: z.literal("case_closed"), moneyReleaseDate: isoInstant.nullable() }),
  ])
  .register(answerSchemas, { id: "ChatMessage" });

/** GET /api/applications/{id}/messages: newest first; `before` asks for the next older page, null at the start. */
export const chatPageAnswer = z
  .object({ messages: z.array(chatMessageAnswer), before: z.number().int().nullable() })
  .register(answerSchemas, { id: "ChatPage" });
