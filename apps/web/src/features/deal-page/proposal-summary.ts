import type { ApplicationPriceView } from "@market/contracts";

export interface ProposalTotals {
  /** Followers reached over the priced networks. */
  reach: number;
  /** Whole dollars asked over the priced networks. */
  price: number;
}

/** The total line of the "Your proposal" panel. */
export function proposalTotals(prices: readonly Pick<ApplicationPriceView, "reach" | "price">[]): ProposalTotals {
  return prices.reduce((totals, line) => ({ reach: totals.reach + line.reach, price: totals.price + line.price }), {
    reach: 0,
    price: 0,
  });
}

/** One mutation of the proposal modal as the query client's mutation cache records it. */
export interface ProposalAnswer {
  /** When it was sent (ms since the epoch). */
  submittedAt: number;
  /** The server's reason when it failed, else null. */
  reason: string | null;
}

/**
 * Whether the latest of these proposal answers from this visit of the deal page was refused with reason `expired`
 * (spec section 8: the deal page then shows the expired state). Answers from an earlier visit do not count.
 */
export function answeredExpired(answers: readonly ProposalAnswer[], since: number): boolean {
  const latest = answers
    .filter((answer) => answer.submittedAt >= since)
    .reduce<ProposalAnswer | null>(
      (last, answer) => (!last || answer.submittedAt >= last.submittedAt ? answer : last),
      null,
    );
  return latest?.reason === "expired";
}
