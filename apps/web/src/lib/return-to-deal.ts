import { HOUR_MS, NETWORK_TYPES, type NetworkType } from "@market/contracts";

/**
 * Issue 15: an influencer whose proposal modal finds no verified, non-conflicting network to price is sent to the
 * networks tab, and comes back to the deal once a network is linked. The deal is remembered in the tab's session
 * storage, not in a URL parameter: a linking flow leaves the site (the OAuth consent page) and comes back to
 * `/account?p=networks` by the server's redirect, which knows nothing of the deal, while the tab's session storage
 * outlives the round trip (same tab, same origin) and dies with the tab.
 */

/** The deal to come back to: what the networks tab needs to say which networks it asks for. */
export interface DealToReturnTo {
  dealId: number;
  title: string;
  /** The network types the deal asks for. */
  networks: NetworkType[];
}

/** A remembered deal older than this is forgotten: the influencer has moved on. */
export const RETURN_TO_DEAL_MAX_AGE_MS = HOUR_MS;

export const RETURN_TO_DEAL_KEY = "market.returnToDeal";

/** The part of the Web Storage API used, so tests give a map. */
export type SmallStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

interface Stored extends DealToReturnTo {
  savedAt: number;
}

const isNetworkType = (value: unknown): value is NetworkType => (NETWORK_TYPES as readonly unknown[]).includes(value);

/** What storage holds, if it is a well-formed remembered deal (another version of the app may have written it). */
function parseStored(text: string | null): Stored | null {
  if (text === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const { dealId, title, networks, savedAt } = value as Record<string, unknown>;
  if (typeof dealId !== "number" || !Number.isSafeInteger(dealId) || dealId < 1) return null;
  if (typeof title !== "string" || typeof savedAt !== "number" || !Array.isArray(networks)) return null;
  if (!networks.every(isNetworkType)) return null;
  return { dealId, title, networks, savedAt };
}

export function createReturnToDeal(storage: SmallStorage | null, now: () => number) {
  // Storage may throw (disabled, full, a private mode): returning to the deal is a convenience, never a failure.
  const attempt = <T>(run: (store: SmallStorage) => T, fallback: T): T => {
    if (!storage) return fallback;
    try {
      return run(storage);
    } catch {
      return fallback;
    }
  };
  const forget = () => attempt((store) => store.removeItem(RETURN_TO_DEAL_KEY), undefined);

  return {
    remember(deal: DealToReturnTo): void {
      const stored: Stored = { ...deal, networks: [...deal.networks], savedAt: now() };
      attempt((store) => store.setItem(RETURN_TO_DEAL_KEY, JSON.stringify(stored)), undefined);
    },
    /** The remembered deal; a stale or malformed one is forgotten and reads as none. */
    read(): DealToReturnTo | null {
      const stored = parseStored(attempt((store) => store.getItem(RETURN_TO_DEAL_KEY), null));
      const age = stored ? now() - stored.savedAt : Number.NaN;
      if (!stored || !(age >= 0 && age <= RETURN_TO_DEAL_MAX_AGE_MS)) {
        forget();
        return null;
      }
      return { dealId: stored.dealId, title: stored.title, networks: stored.networks };
    },
    forget,
  };
}

function sessionStorageOrNull(): SmallStorage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export const returnToDeal = createReturnToDeal(sessionStorageOrNull(), () => Date.now());

/** The part of a network that decides whether it can be used to apply. */
interface ApplyingNetwork {
  type: NetworkType;
  isVerified: boolean;
  isConflicting: boolean;
}

/** Spec section 6: influencers apply only with verified, non-conflicting networks of a type the deal asks for. */
export function canApplyWith(networks: readonly ApplyingNetwork[], dealNetworks: readonly NetworkType[]): boolean {
  return networks.some(
    (network) => network.isVerified && !network.isConflicting && dealNetworks.includes(network.type),
  );
}
