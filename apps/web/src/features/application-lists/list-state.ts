import {
  type AccountKind,
  APPLICATION_FILTERS,
  APPLICATION_SORTS_BY_KIND,
  type ApplicationFilter,
  type ApplicationListInput,
  type ApplicationSort,
  SEARCH_QUERY_MAX_LENGTH,
} from "@market/contracts";
import { isOneOf, parseQuery } from "../../lib/search-params";

/**
 * The state of an applications list (spec section 2): the status filter, the sort and the searched text, kept
 * in the URL (`status`, `sort`, `query`) so that a link, a reload or back restores them. A missing or invalid
 * value means the default; the sorts are the viewer's kind's (APPLICATION_SORTS_BY_KIND), so an influencer's
 * link with a brand's sort falls back to the influencer's default rather than a refused request.
 */
export interface ApplicationListState {
  status: ApplicationFilter;
  sort: ApplicationSort;
  query: string;
}

/** The search parameters as the router keeps them: only what differs from the defaults. */
export interface ApplicationListSearch {
  status?: ApplicationFilter;
  sort?: ApplicationSort;
  query?: string;
}

/** The kind's default sort: the first it offers (brand time_p, influencer notif). */
const defaultSort = (kind: AccountKind): ApplicationSort => APPLICATION_SORTS_BY_KIND[kind][0] as ApplicationSort;

export const defaultListState = (kind: AccountKind): ApplicationListState => ({
  status: "all",
  sort: defaultSort(kind),
  query: "",
});

/** The state a URL describes for a viewer of this kind. */
export function parseApplicationListState(kind: AccountKind, search: Record<string, unknown>): ApplicationListState {
  return {
    status: isOneOf(APPLICATION_FILTERS, search.status) ? search.status : "all",
    sort: isOneOf(APPLICATION_SORTS_BY_KIND[kind], search.sort) ? search.sort : defaultSort(kind),
    query: parseQuery(search.query, SEARCH_QUERY_MAX_LENGTH),
  };
}

const cleanQuery = (query: string): string => query.trim().slice(0, SEARCH_QUERY_MAX_LENGTH);

/** The URL parameters of a state, defaults left out so the plain list's URL stays plain. */
export function serializeApplicationListState(kind: AccountKind, state: ApplicationListState): ApplicationListSearch {
  const search: ApplicationListSearch = {};
  if (state.status !== "all") search.status = state.status;
  if (state.sort !== defaultSort(kind)) search.sort = state.sort;
  const query = cleanQuery(state.query);
  if (query !== "") search.query = query;
  return search;
}

/** The router's validateSearch of a list for this kind: parse, then keep only what differs from the defaults. */
export const applicationListSearchOf =
  (kind: AccountKind) =>
  (search: Record<string, unknown>): ApplicationListSearch =>
    serializeApplicationListState(kind, parseApplicationListState(kind, search));

/** Whether the state narrows the list (a status other than all, or a search): an empty answer then says so. */
export const isFiltered = (state: ApplicationListState): boolean =>
  state.status !== "all" || cleanQuery(state.query) !== "";

/** Clear filters: every application again, in the chosen order. */
export const clearFilters = (kind: AccountKind, state: ApplicationListState): ApplicationListState => ({
  ...defaultListState(kind),
  sort: state.sort,
});

/**
 * The list's request for a state (its first page; the cursor is added per page). Equal states give equal
 * inputs, the query key, so each state has one cached list.
 */
export function toApplicationListInput(state: ApplicationListState): ApplicationListInput {
  const query = cleanQuery(state.query);
  return { status: state.status, sort: state.sort, ...(query !== "" ? { query } : {}) };
}

/**
 * The list's request for the URL's search parameters: the screen reads its list with it and the route's loader
 * fills the cache with it (issue 33), so the two cannot ask for different keys.
 */
export const applicationListInputOf = (kind: AccountKind, search: ApplicationListSearch): ApplicationListInput =>
  toApplicationListInput(parseApplicationListState(kind, { ...search }));

/** The applicants of the campaign with this id for the URL's search (the brand's list, its sorts). */
export const campaignApplicationsInputOf = (
  id: number,
  search: ApplicationListSearch,
): ApplicationListInput & { id: number } => ({ ...applicationListInputOf("brand", search), id });
