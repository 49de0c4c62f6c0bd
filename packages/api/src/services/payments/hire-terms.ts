import {
  brandTotalCents,
  DEFAULT_FEE_PERCENT,
  type HiredUsageRights,
  influencerNetCents,
  type NetworkType,
  sameUsageRights,
  storedUsageRights,
} from "@market/contracts";
import { applicationPrices, type Db, eq, type Tx } from "@market/db";

/**
 * The fee percents a hire accepted now is charged (spec section 9: the default proposal fee percent, 10). One
 * place, so that a configured fee only changes here; accept copies them onto the application and its payment
 * attempt, and no later change of this alters a hire.
 */
export function currentFees(): { brandPercent: number; influencerPercent: number } {
  return { brandPercent: DEFAULT_FEE_PERCENT, influencerPercent: DEFAULT_FEE_PERCENT };
}

/** What a hire of some networks of a proposal costs (money.md): P, B and I, in cents. */
export interface HireTerms {
  networks: NetworkType[];
  priceCents: number;
  brandCents: number;
  influencerCents: number;
}

export type TermsResult =
  | { ok: true; terms: HireTerms }
  | { ok: false; missing: { network: NetworkType; index: number } };

/**
 * The hire of `networks` at the proposal's current prices and the given fees: P is the sum of their prices, B and
 * I follow money.md's one rounding rule. A network the proposal does not price is answered as missing; a network
 * ticked twice counts once.
 */
export async function hireTerms(
  db: Db | Tx,
  applicationId: number,
  networks: readonly NetworkType[],
  fees: { brandPercent: number; influencerPercent: number },
): Promise<TermsResult> {
  const prices = await db
    .select({ networkType: applicationPrices.networkType, priceCents: applicationPrices.priceCents })
    .from(applicationPrices)
    .where(eq(applicationPrices.applicationId, applicationId));
  return termsOf(prices, networks, fees);
}

/** The same over the proposal's prices as the caller read them. */
export function termsOf(
  prices: readonly { networkType: NetworkType; priceCents: number }[],
  networks: readonly NetworkType[],
  fees: { brandPercent: number; influencerPercent: number },
): TermsResult {
  const priceOf = new Map(prices.map((row) => [row.networkType, row.priceCents]));
  const ticked = [...new Set(networks)];
  let priceCents = 0;
  for (const network of ticked) {
    const price = priceOf.get(network);
    if (price === undefined) return { ok: false, missing: { network, index: networks.indexOf(network) } };
    priceCents += price;
  }
  return {
    ok: true,
    terms: {
      networks: ticked.sort(),
      priceCents,
      brandCents: brandTotalCents(priceCents, fees.brandPercent),
      influencerCents: influencerNetCents(priceCents, fees.influencerPercent),
    },
  };
}

/** The proposal's usage rights by network (issue 37), as accept compares them with what the checkout showed. */
export async function proposalRights(db: Db | Tx, applicationId: number): Promise<HiredUsageRights[]> {
  const rows = await db
    .select({ network: applicationPrices.networkType, usageRights: applicationPrices.usageRights })
    .from(applicationPrices)
    .where(eq(applicationPrices.applicationId, applicationId));
  return rows.map((row) => ({ network: row.network, usageRights: storedUsageRights(row.usageRights) }));
}

/** Whether every ticked network's rights are the ones the checkout showed (a ticked network not shown is not). */
export function rightsAsShown(
  stored: readonly HiredUsageRights[],
  ticked: readonly NetworkType[],
  shown: readonly HiredUsageRights[],
): boolean {
  return ticked.every((network) => {
    const now = stored.find((line) => line.network === network);
    const seen = shown.find((line) => line.network === network);
    return now !== undefined && seen !== undefined && sameUsageRights(now.usageRights, seen.usageRights);
  });
}
