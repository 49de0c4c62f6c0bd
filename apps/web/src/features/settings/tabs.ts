import { type AccountKind, type AccountTab, BRAND_ACCOUNT_TABS, INFLUENCER_ACCOUNT_TABS } from "@market/contracts";

/** The tabs of each kind, in order (spec section 2, Account tabs). */
export const TABS_OF: Record<AccountKind, readonly AccountTab[]> = {
  brand: BRAND_ACCOUNT_TABS,
  influencer: INFLUENCER_ACCOUNT_TABS,
};

/** Where each kind's settings live: the tab is the `p` query parameter of this path. */
export const SETTINGS_PATHS: Record<AccountKind, "/settings" | "/account"> = {
  brand: "/settings",
  influencer: "/account",
};

/** The tab the `p` query parameter names, or the kind's first tab when it is absent or not one of the kind's. */
export function tabOf(kind: AccountKind, p: unknown, tabs: readonly AccountTab[] = TABS_OF[kind]): AccountTab {
  const first = tabs[0] as AccountTab;
  return typeof p === "string" && (tabs as readonly string[]).includes(p) ? (p as AccountTab) : first;
}

/**
 * The search parameters of the settings routes, as strings or absent; tabOf and the networks tab judge them. The
 * networks tab reads what a linking flow came back with (`error`, `linked`, `refreshed`: networkTabPath of the
 * contracts) and `next`, the page to go back to once a network is linked.
 */
export interface SettingsSearch {
  p?: string;
  error?: string;
  linked?: string;
  refreshed?: string;
  next?: string;
}

const SEARCH_KEYS = ["p", "error", "linked", "refreshed", "next"] as const satisfies readonly (keyof SettingsSearch)[];

export function validateSettingsSearch(search: Record<string, unknown>): SettingsSearch {
  const kept: SettingsSearch = {};
  for (const key of SEARCH_KEYS) {
    const value = search[key];
    if (typeof value === "string") kept[key] = value;
  }
  return kept;
}

/**
 * What each tab reads as it opens (the password tab, nothing): the settings route's loader asks for it beforehand
 * (issue 33), the tab's own query then finds it in the cache.
 */
export const TAB_READS: Record<AccountTab, "settings" | "card" | "networks" | null> = {
  networks: "networks",
  profile: "settings",
  general: "settings",
  payment: "card",
  password: null,
  notifications: "settings",
  api: null,
  webhooks: null,
};

/** The tabs shown: an admin acting as the user (or in their own session) never sees the API keys' tab. */
export function shownTabs(kind: AccountKind, actingAdmin: boolean): readonly AccountTab[] {
  return actingAdmin ? TABS_OF[kind].filter((tab) => tab !== "api") : TABS_OF[kind];
}
