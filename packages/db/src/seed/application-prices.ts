import { MIN_PROPOSAL_PRICE_DOLLARS } from "@market/contracts";
import type { ChatMessagePayload } from "../schema";
import type { SeededNetwork } from "./influencers";
import type { Random } from "./random";

/** One priced network of a proposal. */
export interface NetworkPrice {
  network: SeededNetwork;
  priceCents: number;
  creationDays: number;
}

const MAX_PRICE_DOLLARS = 50_000;

/** Some of the networks, each in whole dollars (at least the minimum), growing with the audience. */
export function drawPrices(rng: Random, networks: readonly SeededNetwork[]): NetworkPrice[] {
  return rng.sample(networks, rng.int(1, networks.length)).map((network) => {
    const dollars = MIN_PROPOSAL_PRICE_DOLLARS + (network.followers / 1_000) * rng.between(2, 9);
    const rounded = Math.max(MIN_PROPOSAL_PRICE_DOLLARS, Math.min(MAX_PRICE_DOLLARS, Math.round(dollars / 5) * 5));
    return { network, priceCents: rounded * 100, creationDays: rng.int(2, 14) };
  });
}

/** The brand's counter-offer: the first network 10 to 25 % cheaper, still whole dollars above the minimum. */
export function counterOffer(rng: Random, prices: readonly NetworkPrice[]): NetworkPrice[] {
  return prices.map((price, i) => {
    if (i > 0) return price;
    const dollars = Math.round((price.priceCents / 100) * rng.between(0.75, 0.9));
    return { ...price, priceCents: Math.max(MIN_PROPOSAL_PRICE_DOLLARS, dollars) * 100 };
  });
}

export const plainPrice = (price: NetworkPrice) => ({
  network: price.network.type,
  priceCents: price.priceCents,
  creationDays: price.creationDays,
});

/** The price_update message payload: old and new figures of each changed network. */
export function priceUpdate(before: readonly NetworkPrice[], after: readonly NetworkPrice[]): ChatMessagePayload {
  const changes = after.flatMap((price) => {
    const old = before.find((candidate) => candidate.network.type === price.network.type);
    const changed = !old || old.priceCents !== price.priceCents || old.creationDays !== price.creationDays;
    return changed ? [{ network: price.network.type, old: old ? plainPrice(old) : null, new: plainPrice(price) }] : [];
  });
  return { type: "price_update", changes };
}
