import {
  CONSOLE_PAYOUT_STATES,
  type ConsolePayoutListInput,
  type ConsolePayoutPage,
  type ConsolePayoutState,
  PAYOUT_PROVIDER_NAMES,
  type PayoutProviderName,
} from "@market/contracts";

/**
 * The payouts queue's state in the URL: the tab (state) and the filters, each dropped when invalid (a hand-edited
 * address never fails the screen).
 */
export interface PayoutsSearch {
  state?: ConsolePayoutState;
  provider?: PayoutProviderName;
  username?: string;
}

const oneOf = <T extends string>(choices: readonly T[], value: unknown): T | undefined =>
  choices.includes(value as T) ? (value as T) : undefined;

export function payoutsSearchOf(raw: Record<string, unknown>): PayoutsSearch {
  const search: PayoutsSearch = {};
  const state = oneOf(CONSOLE_PAYOUT_STATES, raw.state);
  if (state) search.state = state;
  const provider = oneOf(PAYOUT_PROVIDER_NAMES, raw.provider);
  if (provider) search.provider = provider;
  const username = typeof raw.username === "string" ? raw.username.trim() : "";
  if (username && username.length <= 60) search.username = username;
  return search;
}

/** The procedure's input of a state (the query key the screen and its loader share). */
export function payoutsInputOf(search: PayoutsSearch): Omit<ConsolePayoutListInput, "cursor"> {
  return { state: search.state ?? "failed", provider: search.provider, username: search.username };
}

export const PAYOUT_PAGES = { getNextPageParam: (page: ConsolePayoutPage) => page.nextCursor } as const;
