import { canApplyWith as canApplyWithNetwork, type NetworkType, safeNextPath } from "@market/contracts";

/**
 * Issue 15: an influencer whose proposal modal finds no verified, non-conflicting network to price is led to the
 * networks tab and comes back afterwards. Where to come back to travels as the tab's `next` parameter, which every
 * linking flow of the server carries through the provider's consent page and hands back untouched
 * (`networkTabPath`, packages/contracts/src/networks.ts); the tab then offers the way back.
 */

/** The search of the networks tab, opened from `from` (the deal or application page the modal was on). */
export function networksTabSearch(from: string): { p: "networks"; next?: string } {
  const next = safeNextPath(from);
  return next ? { p: "networks", next } : { p: "networks" };
}

const DEAL_PATH = /^\/deals\/([1-9]\d{0,15})(?:[?#].*)?$/;

/** The deal a `next` path leads back to, when it is a deal page: the tab then names it and what it asks for. */
export function dealIdOfNext(next: string | null | undefined): number | null {
  const match = next ? DEAL_PATH.exec(next) : null;
  const id = match ? Number(match[1]) : Number.NaN;
  return Number.isSafeInteger(id) ? id : null;
}

/** The part of a network that decides whether it can be used to apply. */
interface ApplyingNetwork {
  type: NetworkType;
  isVerified: boolean;
  isConflicting: boolean;
}

/** Spec section 6: influencers apply only with verified, non-conflicting networks of a type the deal asks for. */
export function canApplyWith(networks: readonly ApplyingNetwork[], dealNetworks: readonly NetworkType[]): boolean {
  return networks.some((network) => canApplyWithNetwork(network) && dealNetworks.includes(network.type));
}
