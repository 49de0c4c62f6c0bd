import { z } from "zod";
import type { HireMoneyState } from "./application-state";
import type { NetworkType, PayoutMethod, TransactionType } from "./enums";
import type { UsageRights } from "./usage-rights";

/**
 * The influencer's earnings and the brand's hires (spec sections 2, 3 Transaction and Hire, 4 Hire history status,
 * 7 GET /api/earnings and GET /api/hires; money.md "What the screens show"). Every figure comes from the ledger and
 * the applications; the statements (CSV) list the same rows.
 */

/** Either list's page: newest first; `cursor` is the previous page's nextCursor. */
export const moneyListInput = z.object({
  cursor: z.string().min(1).max(100).optional(),
});
export type MoneyListInput = z.input<typeof moneyListInput>;
export const MONEY_LIST_PAGE_SIZE = 20;

/**
 * Where a transaction stands: an i-payment is pending (in escrow) until released, or refunded to the brand (never
 * earned); a payout is processing until its release date is set (paid), or failed; a payout-return, a failed
 * payout's money back in the balance, is returned.
 */
export type TransactionStatus = HireMoneyState | "processing" | "paid" | "failed" | "returned";

/** The usage rights of one hired network (issue 37): what the brand may do with its content. */
export interface HiredUsageRights {
  network: NetworkType;
  usageRights: UsageRights;
}

/** One row of GET /api/earnings (spec: Transaction). */
export interface TransactionView {
  /** Unique across both kinds: `payment-<applicationId>` or `payout-<payoutId>`. */
  id: string;
  type: TransactionType;
  /** An i-payment is a credit, a payout a debit. */
  diffType: "credit" | "debit";
  /** An i-payment: the hire's price P; a payout: its amount A. */
  amountCents: number;
  /** The influencer fee percent (info.fees.i) of an i-payment; 0 for a payout. */
  feesPercent: number;
  /** An i-payment: I = round(P * (100 - fees.i) / 100), what reaches the balance; a payout: A. */
  amountNoFeesCents: number;
  /** tDate: when the brand paid, or when the payout was requested (ISO 8601). */
  date: string;
  /** An i-payment: the application's moneyReleaseDate; a payout: when it was paid. Null until known. */
  releaseDate: string | null;
  /** The money is released to the balance (i-payment) or paid out (payout). */
  released: boolean;
  /** An i-payment an admin refunded to the brand: when (its amounts were then never earned); else null. */
  refundDate: string | null;
  status: TransactionStatus;
  /** An i-payment: the usage rights of each hired network, by network; empty for a payout. */
  usageRights: HiredUsageRights[];
  info: {
    deal: { id: number; title: string } | null;
    applicationId: number | null;
    method: PayoutMethod | null;
    payoutId: number | null;
  };
}

export interface EarningsPage {
  items: TransactionView[];
  nextCursor: string | null;
}

/** Hire history status (spec section 4): pending until the money is released; refunded when it went back. */
export type HireStatus = HireMoneyState;

/** One row of GET /api/hires (spec: Hire). */
export interface HireView {
  applicationId: number;
  /** When the brand paid (ISO 8601). */
  created: string;
  /** The hire's price P. */
  amountCents: number;
  /** The brand fee percent (info.fees.b). */
  feesPercent: number;
  /** B - P: what the fee cost the brand. */
  feesCents: number;
  /** info.amountWithFees: B, what the brand paid. */
  amountWithFeesCents: number;
  deal: { id: number; title: string };
  influencer: { username: string };
  status: HireStatus;
  /** When an admin refunded B to the brand's card; null unless refunded. */
  refundDate: string | null;
  /** The usage rights of each hired network, by network. */
  usageRights: HiredUsageRights[];
}

export interface HiresPage {
  items: HireView[];
  nextCursor: string | null;
  /** Over all the brand's hires, not only this page: B summed per status. */
  totals: { releasedCents: number; pendingCents: number; refundedCents: number };
}

/** A statement download: the CSV text and the file name it is saved under (with the date). */
export interface Statement {
  filename: string;
  csv: string;
}
