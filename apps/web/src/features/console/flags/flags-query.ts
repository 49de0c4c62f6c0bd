import { FLAG_TABS, type FlagListInput, type FlagQueuePage, type FlagTab } from "@market/contracts";

/**
 * The flags screen's state in the URL: the tab, the flagged tab's order, and the flag whose panel is open. A
 * hand-edited address falls back to the defaults rather than failing the screen.
 */
export interface FlagsSearch {
  tab?: FlagTab;
  order?: "newest";
  flag?: number;
}

export function flagsSearchOf(raw: Record<string, unknown>): FlagsSearch {
  const search: FlagsSearch = {};
  if (typeof raw.tab === "string" && (FLAG_TABS as readonly string[]).includes(raw.tab) && raw.tab !== "appeals") {
    search.tab = raw.tab as FlagTab;
  }
  if (raw.order === "newest") search.order = "newest";
  const flag = Number(raw.flag);
  if (Number.isSafeInteger(flag) && flag > 0) search.flag = flag;
  return search;
}

/** The procedure's input of a state (the query key the screen and its loader share): appeals by default. */
export function flagsInputOf(search: FlagsSearch): Omit<FlagListInput, "cursor"> {
  const tab = search.tab ?? "appeals";
  return tab === "appeals" ? { tab } : { tab, order: search.order ?? "oldest" };
}

export const FLAG_PAGES = { getNextPageParam: (page: FlagQueuePage) => page.nextCursor } as const;
