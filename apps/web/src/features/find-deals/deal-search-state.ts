import {
  CATEGORIES,
  type Category,
  DEAL_COUNTRIES,
  DEAL_SORTS,
  type DealCountry,
  type DealSearchInput,
  type DealSort,
  EXTRAS,
  type Extra,
  NETWORK_TYPES,
  type NetworkType,
  PRICE_RANGES,
  type PriceRange,
  SEARCH_QUERY_MAX_LENGTH,
} from "@market/contracts";
import { isOneOf, parseList, parsePage, parseQuery } from "../../lib/search-params";

/**
 * The whole state of Find deals (spec section 2), kept in the URL so that a link or a reload restores it:
 * categories, networks, prices, extras, countries (comma lists of ids), query, sort and p (the page). A missing
 * or invalid value means the default. The sidebar picks one category at a time, but the URL and the server take
 * a list, so a shared link with several keeps working.
 */
export interface DealSearchState {
  categories: Category[];
  networks: NetworkType[];
  prices: PriceRange[];
  extras: Extra[];
  countries: DealCountry[];
  query: string;
  sort: DealSort;
  /** 1-based. */
  page: number;
}

/** The server's default order (newest first), left out of the URL and of the input. */
export const DEFAULT_DEAL_SORT = "time_p" satisfies DealSort;

export const DEFAULT_DEAL_SEARCH_STATE: DealSearchState = {
  categories: [],
  networks: [],
  prices: [],
  extras: [],
  countries: [],
  query: "",
  sort: DEFAULT_DEAL_SORT,
  page: 1,
};

/** The search parameters of /search as the router keeps them: only what differs from the defaults. */
export interface DealSearchParams {
  categories?: string;
  networks?: string;
  prices?: string;
  extras?: string;
  countries?: string;
  query?: string;
  sort?: Exclude<DealSort, "time_p">;
  p?: number;
}

/** The state a URL describes; every invalid value falls back to its default. */
export function parseDealSearchState(search: Record<string, unknown>): DealSearchState {
  return {
    categories: parseList(CATEGORIES, search.categories),
    networks: parseList(NETWORK_TYPES, search.networks),
    prices: parseList(PRICE_RANGES, search.prices),
    extras: parseList(EXTRAS, search.extras),
    countries: parseList(DEAL_COUNTRIES, search.countries),
    query: parseQuery(search.query, SEARCH_QUERY_MAX_LENGTH),
    sort: isOneOf(DEAL_SORTS, search.sort) ? search.sort : DEFAULT_DEAL_SORT,
    page: parsePage(search.p),
  };
}

const cleanQuery = (query: string): string =>
  query.trim() === "" ? "" : query.trim().slice(0, SEARCH_QUERY_MAX_LENGTH);

/** The URL parameters of a state, defaults left out so the plain /search stays plain. */
export function serializeDealSearchState(state: DealSearchState): DealSearchParams {
  const search: DealSearchParams = {};
  if (state.categories.length > 0) search.categories = state.categories.join(",");
  if (state.networks.length > 0) search.networks = state.networks.join(",");
  if (state.prices.length > 0) search.prices = state.prices.join(",");
  if (state.extras.length > 0) search.extras = state.extras.join(",");
  if (state.countries.length > 0) search.countries = state.countries.join(",");
  const query = cleanQuery(state.query);
  if (query !== "") search.query = query;
  if (state.sort !== DEFAULT_DEAL_SORT) search.sort = state.sort;
  if (state.page !== 1) search.p = state.page;
  return search;
}

/** The router's validateSearch of /search. */
export const validateDealSearch = (search: Record<string, unknown>): DealSearchParams =>
  serializeDealSearchState(parseDealSearchState(search));

/** Whether any filter (category, lists or query; not the sort nor the page) narrows the search. */
export const hasDealFilters = (state: DealSearchState): boolean =>
  state.categories.length > 0 ||
  state.networks.length > 0 ||
  state.prices.length > 0 ||
  state.extras.length > 0 ||
  state.countries.length > 0 ||
  cleanQuery(state.query) !== "";

/** Reset filters: the defaults, keeping the chosen sort; back to the first page. */
export const resetDealFilters = (state: DealSearchState): DealSearchState => ({
  ...DEFAULT_DEAL_SEARCH_STATE,
  sort: state.sort,
});

/** A changed filter, query or sort sends the results back to page 1. */
export const withDealFilters = (
  state: DealSearchState,
  change: Partial<Omit<DealSearchState, "page">>,
): DealSearchState => ({ ...state, ...change, page: 1 });

/**
 * The state with the query box's text applied, for a change made while the box holds a typed query that Enter
 * has not applied yet: the text goes with the change, so the box never shows a query the results ignore. An
 * unchanged query keeps the state (and its page) as it is; a new one goes back to page 1.
 */
export const withDraftQuery = (state: DealSearchState, draft: string): DealSearchState =>
  cleanQuery(draft) === cleanQuery(state.query) ? state : withDealFilters(state, { query: cleanQuery(draft) });

/** The sidebar is a single choice: a category alone, or null ("All") for none. */
export const selectCategory = (state: DealSearchState, category: Category | null): DealSearchState =>
  withDealFilters(state, { categories: category === null ? [] : [category] });

/**
 * The input of deals.search for a state. Defaults are left out so equal states give equal inputs (one cached
 * query per state: the input is the query key).
 */
export function toDealSearchInput(state: DealSearchState): DealSearchInput {
  const input: DealSearchInput = {};
  if (state.categories.length > 0) input.categories = state.categories;
  if (state.networks.length > 0) input.networks = state.networks;
  if (state.prices.length > 0) input.prices = state.prices;
  if (state.extras.length > 0) input.extras = state.extras;
  if (state.countries.length > 0) input.countries = state.countries;
  const query = cleanQuery(state.query);
  if (query !== "") input.query = query;
  if (state.sort !== DEFAULT_DEAL_SORT) input.sort = state.sort;
  if (state.page !== 1) input.page = state.page;
  return input;
}

/**
 * The search's request for the route's validated search parameters: the route hands the screen this state, and
 * its loader prefetches this input (issue 33), so the loader's answer is the key the screen reads.
 */
export const dealSearchStateOf = (search: DealSearchParams): DealSearchState => parseDealSearchState({ ...search });
export const dealSearchInputOf = (search: DealSearchParams): DealSearchInput =>
  toDealSearchInput(dealSearchStateOf(search));
