import { brandTotalCents, proposalPrice } from "@market/contracts";
import { BLANK_LINE, type ProposalFormValues, type ProposalLine, priceableLines } from "./proposal-lines";

/** The totals under the table (spec section 3, Proposal data): reach, price, feePercent, priceWithFee. */
export interface ProposalTotals {
  /** Followers of the priced lines. */
  reach: number;
  priceCents: number;
  feePercent: number;
  /** What the brand would pay: the server's rounding (money.ts). */
  priceWithFeeCents: number;
}

/** The whole dollars of a line's price while it is valid; undefined while blank or not valid. */
export function linePrice(value: string): number | undefined {
  const parsed = proposalPrice.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** Live totals: a priceable line counts once its price is valid (its days are checked on submit). */
export function proposalTotals(
  lines: readonly ProposalLine[],
  values: ProposalFormValues,
  feePercent: number,
): ProposalTotals {
  let reach = 0;
  let priceCents = 0;
  for (const line of priceableLines(lines)) {
    const price = linePrice((values.lines[line.network.id] ?? BLANK_LINE).price);
    if (price === undefined) continue;
    reach += line.network.followers;
    priceCents += price * 100;
  }
  return { reach, priceCents, feePercent, priceWithFeeCents: brandTotalCents(priceCents, feePercent) };
}

const numbers = new Intl.NumberFormat("en-US");

/** 12345 -> "12,345". */
export const formatCount = (count: number): string => numbers.format(count);
