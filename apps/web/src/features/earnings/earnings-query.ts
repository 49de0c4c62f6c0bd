import type { EarningsPage, PayoutPage } from "@market/contracts";

/**
 * The earnings screen's lists, each by the server's cursor: the transactions and the payout tracker. The screen's
 * hooks and the route's loader (issue 33) ask with these, so the loader fills the keys the screen reads.
 */
export const EARNINGS_INPUT = {};
export const EARNINGS_PAGES = { getNextPageParam: (page: EarningsPage) => page.nextCursor } as const;
export const PAYOUTS_INPUT = {};
export const PAYOUTS_PAGES = { getNextPageParam: (page: PayoutPage) => page.nextCursor } as const;
