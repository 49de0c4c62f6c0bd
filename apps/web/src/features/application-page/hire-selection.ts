import { type ApplicationPagePrice, brandTotalCents, type HiredUsageRights, type NetworkType } from "@market/contracts";

/**
 * The brand's hire table (spec section 2): a checkbox per priced network of a WAITING proposal, all ticked as it
 * opens. The totals are of the ticked networks, what the brand would pay with its fee; accepting is possible only
 * when the ticked price is above zero.
 */
export interface HireTotals {
  /** The ticked networks, in the proposal's order: what accept hires. */
  networks: NetworkType[];
  /** The ticked networks' usage rights: the checkout shows them and accept sends them back to be checked. */
  usageRights: HiredUsageRights[];
  reach: number;
  priceCents: number;
  /** The brand's fee in percent and in cents (the total less the price). */
  feePercent: number;
  feeCents: number;
  /** price * (100 + brand fee) / 100, rounded as the server rounds it: the checkout's frontendPriceInCents. */
  totalCents: number;
  canAccept: boolean;
}

/** Ticks are the indexes of the proposal's price lines (a line's network may have been removed since). */
export const allTicked = (prices: readonly ApplicationPagePrice[]): ReadonlySet<number> =>
  new Set(prices.map((_, index) => index));

export function hireTotals(
  prices: readonly ApplicationPagePrice[],
  ticked: ReadonlySet<number>,
  brandFeePercent: number,
): HireTotals {
  const networks: NetworkType[] = [];
  const usageRights: HiredUsageRights[] = [];
  let reach = 0;
  let priceCents = 0;
  prices.forEach((line, index) => {
    if (!ticked.has(index)) return;
    networks.push(line.network);
    usageRights.push({ network: line.network, usageRights: line.usageRights });
    reach += line.reach;
    priceCents += line.price * 100;
  });
  const totalCents = brandTotalCents(priceCents, brandFeePercent);
  return {
    networks,
    usageRights,
    reach,
    priceCents,
    feePercent: brandFeePercent,
    feeCents: totalCents - priceCents,
    totalCents,
    canAccept: priceCents > 0,
  };
}

/** The ticks with one line flipped. */
export function toggleTick(ticked: ReadonlySet<number>, index: number): ReadonlySet<number> {
  const next = new Set(ticked);
  if (!next.delete(index)) next.add(index);
  return next;
}
