import {
  CAMPAIGN_SORTS,
  CAMPAIGN_TABS,
  type CampaignSort,
  type CampaignTab,
  type DealStatus,
  type DealView,
  SEARCH_QUERY_MAX_LENGTH,
} from "@market/contracts";
import { isOneOf, parseQuery } from "../../../lib/search-params";

/**
 * The campaign list of spec section 2 (/campaigns): a tab (all/open/closed/paused, each with its count), a
 * free-text search over title, description and author, and a sort. All three live in the URL search parameters
 * (`state`, `query`, `sort`) so that reload and back restore them; a missing or unknown value means the default.
 */
export interface CampaignListState {
  tab: CampaignTab;
  query: string;
  sort: CampaignSort;
}

export const DEFAULT_LIST_STATE: CampaignListState = { tab: "all", query: "", sort: "time_p" };

/** The search parameters of /campaigns as the router keeps them: only the values that differ from the defaults. */
export interface CampaignListSearch {
  state?: Exclude<CampaignTab, "all">;
  query?: string;
  sort?: Exclude<CampaignSort, "time_p">;
}

/** The list state the URL describes; invalid values fall back to the defaults. */
export function parseListState(search: Record<string, unknown>): CampaignListState {
  return {
    tab: isOneOf(CAMPAIGN_TABS, search.state) ? search.state : DEFAULT_LIST_STATE.tab,
    query: parseQuery(search.query, SEARCH_QUERY_MAX_LENGTH),
    sort: isOneOf(CAMPAIGN_SORTS, search.sort) ? search.sort : DEFAULT_LIST_STATE.sort,
  };
}

/** The search parameters of a list state, defaults left out so the plain /campaigns stays plain. */
export function serializeListState(state: CampaignListState): CampaignListSearch {
  const query = state.query.trim() === "" ? "" : state.query.slice(0, SEARCH_QUERY_MAX_LENGTH);
  return {
    ...(state.tab !== "all" ? { state: state.tab } : {}),
    ...(query !== "" ? { query } : {}),
    ...(state.sort !== "time_p" ? { sort: state.sort } : {}),
  };
}

/** The router's validateSearch of /campaigns: parse, then keep only what differs from the defaults. */
export const validateListSearch = (search: Record<string, unknown>): CampaignListSearch =>
  serializeListState(parseListState(search));

/** Which campaigns a tab shows: all of them, or those of its computed status. */
export const inTab = (tab: CampaignTab, status: DealStatus): boolean => tab === "all" || tab === status;

/** How many campaigns each tab holds (spec section 4: recalculated after each action, i.e. on each refetch). */
export function countByTab(campaigns: readonly Pick<DealView, "status">[]): Record<CampaignTab, number> {
  const counts: Record<CampaignTab, number> = { all: 0, open: 0, closed: 0, paused: 0 };
  for (const campaign of campaigns) {
    counts.all += 1;
    counts[campaign.status] += 1;
  }
  return counts;
}

/** Lower case without diacritics, so "Été" and "ete" match. */
export const foldText = (text: string): string =>
  text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();

/** Spec section 5: the search matches title, description and author, case-insensitively; blank matches all. */
export function matchesQuery(campaign: Pick<DealView, "title" | "description" | "author">, query: string): boolean {
  const needle = foldText(query.trim());
  if (needle === "") return true;
  return [campaign.title, campaign.description, campaign.author].some((text) => foldText(text).includes(needle));
}

type Sortable = Pick<DealView, "id" | "created" | "updated">;

const SORT_KEYS: Record<CampaignSort, { field: "created" | "updated"; newestFirst: boolean }> = {
  time_p: { field: "created", newestFirst: true },
  time_m: { field: "created", newestFirst: false },
  update_p: { field: "updated", newestFirst: true },
  update_m: { field: "updated", newestFirst: false },
};

/** A sorted copy: time_* by creation, update_* by last update; _p newest first, _m oldest first; ties by id. */
export function sortCampaigns<T extends Sortable>(campaigns: readonly T[], sort: CampaignSort): T[] {
  const { field, newestFirst } = SORT_KEYS[sort];
  const direction = newestFirst ? -1 : 1;
  return [...campaigns].sort((a, b) => {
    const byTime = a[field].getTime() - b[field].getTime();
    return (byTime !== 0 ? byTime : a.id - b.id) * direction;
  });
}

/** What the list shows for a state: the tab's campaigns that match the search, in the chosen order. */
export function visibleCampaigns<T extends Sortable & Pick<DealView, "status" | "title" | "description" | "author">>(
  campaigns: readonly T[],
  state: CampaignListState,
): T[] {
  return sortCampaigns(
    campaigns.filter((campaign) => inTab(state.tab, campaign.status) && matchesQuery(campaign, state.query)),
    state.sort,
  );
}

/** Whether the state narrows the list (a tab other than all, or a search): an empty result then says so. */
export const isFiltered = (state: CampaignListState): boolean => state.tab !== "all" || state.query.trim() !== "";

export type CampaignAction = "edit" | "resume" | "pause" | "delete";

/**
 * The menu of a campaign (spec section 4): edit always; resume only when paused, pause only when open (a closed
 * campaign can do neither); delete only without applicants.
 */
export function actionsFor(campaign: Pick<DealView, "status" | "applicants">): CampaignAction[] {
  const actions: CampaignAction[] = ["edit"];
  if (campaign.status === "paused") actions.push("resume");
  if (campaign.status === "open") actions.push("pause");
  if (campaign.applicants === 0) actions.push("delete");
  return actions;
}
