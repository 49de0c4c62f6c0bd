import { z } from "zod";

/**
 * What the adapter made for one payout on Wise, remembered between tries (the payout's provider_state): the quote
 * (with when it expires: Wise keeps a quote's rate 30 minutes, docs.wise.com/api-reference/quote), the recipient,
 * which recipient the quote was updated with, and the transfer once made. A send tried again after an error reuses them.
 */
const savedSchema = z.object({
  quoteId: z.string().min(1).optional(),
  quoteExpiresAt: z.iso.datetime({ offset: true }).optional(),
  recipientId: z.number().int().positive().optional(),
  quoteRecipientId: z.number().int().positive().optional(),
  transferId: z.number().int().positive().optional(),
});
export type WiseSaved = z.output<typeof savedSchema>;

/** The remembered state, or a fresh start when there is none or it is not ours (another provider's, a bad row). */
export function readSaved(saved: Record<string, unknown> | null | undefined): WiseSaved {
  const parsed = savedSchema.safeParse(saved ?? {});
  return parsed.success ? parsed.data : {};
}
