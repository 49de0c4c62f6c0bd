import {
  AGE_FILTER,
  CATEGORIES,
  type Category,
  COUNTRY_CODES,
  ENGAGEMENT_LEVELS,
  type EngagementLevel,
  FOLLOWERS_FILTER,
  GENDERS,
  type Gender,
  INFLUENCER_SORTS,
  type InfluencerSearchInput,
  type InfluencerSort,
  NETWORK_TYPES,
  type NetworkType,
  SEARCH_QUERY_MAX_LENGTH,
} from "@market/contracts";
import { isOneOf, parseList, parsePage, parseQuery, parseRange } from "../../lib/search-params";

/** The minimum audience-quality scores the filter offers (0: any); docs/product.md, "Audience quality". */
export const QUALITY_STEPS = [0, 40, 60, 80] as const;

/**
 * The whole state of Find influencers (spec section 2), kept in the URL so that a link or a reload restores it:
 * networks, engagements, categories, countries (comma lists of ids), followers (min,max), age (min,max), gender,
 * query, quality (a minimum audience-quality score, one of QUALITY_STEPS), sort and p (the page). A missing or invalid value means the default.
 */
export interface FindState {
  categories: Category[];
  networks: NetworkType[];
  engagements: EngagementLevel[];
  countries: string[];
  followers: [number, number];
  ages: [number, number];
  gender: Gender | "any";
  query: string;
  /** The minimum audience-quality score; 0 for any. */
  minQuality: number;
  /** null: the server's default order. */
  sort: InfluencerSort | null;
  /** 1-based. */
  page: number;
}

export const DEFAULT_FIND_STATE: FindState = {
  categories: [],
  networks: [],
  engagements: [],
  countries: [],
  followers: [FOLLOWERS_FILTER.min, FOLLOWERS_FILTER.max],
  ages: [AGE_FILTER.min, AGE_FILTER.max],
  gender: "any",
  query: "",
  minQuality: 0,
  sort: null,
  page: 1,
};

/** The search parameters as the router keeps them: only what differs from the defaults. */
export interface FindSearch {
  networks?: string;
  engagements?: string;
  categories?: string;
  countries?: string;
  followers?: string;
  age?: string;
  gender?: Gender;
  query?: string;
  quality?: number;
  sort?: InfluencerSort;
  p?: number;
}

/** The state a URL describes; every invalid value falls back to its default. */
export function parseFindState(search: Record<string, unknown>): FindState {
  return {
    categories: parseList(CATEGORIES, search.categories),
    networks: parseList(NETWORK_TYPES, search.networks),
    engagements: parseList(ENGAGEMENT_LEVELS, search.engagements),
    countries: parseList(COUNTRY_CODES, search.countries),
    followers: parseRange(search.followers, FOLLOWERS_FILTER.min, FOLLOWERS_FILTER.max),
    ages: parseRange(search.age, AGE_FILTER.min, AGE_FILTER.max),
    gender: isOneOf(GENDERS, search.gender) ? search.gender : "any",
    query: parseQuery(search.query, SEARCH_QUERY_MAX_LENGTH),
    minQuality: parseQuality(search.quality),
    sort: isOneOf(INFLUENCER_SORTS, search.sort) ? search.sort : null,
    page: parsePage(search.p),
  };
}

/** One of QUALITY_STEPS (the router may hand it as a number or as text), else any. */
function parseQuality(raw: unknown): number {
  const value = typeof raw === "string" ? Number(raw) : raw;
  return (QUALITY_STEPS as readonly unknown[]).includes(value) ? (value as number) : 0;
}

const sameRange = (a: readonly [number, number], b: readonly [number, number]) => a[0] === b[0] && a[1] === b[1];

/** The URL parameters of a state, defaults left out so the plain /find stays plain. */
export function serializeFindState(state: FindState): FindSearch {
  const search: FindSearch = {};
  if (state.networks.length > 0) search.networks = state.networks.join(",");
  if (state.engagements.length > 0) search.engagements = state.engagements.join(",");
  if (state.categories.length > 0) search.categories = state.categories.join(",");
  if (state.countries.length > 0) search.countries = state.countries.join(",");
  if (!sameRange(state.followers, DEFAULT_FIND_STATE.followers)) search.followers = state.followers.join(",");
  if (!sameRange(state.ages, DEFAULT_FIND_STATE.ages)) search.age = state.ages.join(",");
  if (state.gender !== "any") search.gender = state.gender;
  const query = state.query.trim() === "" ? "" : state.query.slice(0, SEARCH_QUERY_MAX_LENGTH);
  if (query !== "") search.query = query;
  if (state.minQuality > 0) search.quality = state.minQuality;
  if (state.sort !== null) search.sort = state.sort;
  if (state.page !== 1) search.p = state.page;
  return search;
}

/** The router's validateSearch of /find. */
export const validateFindSearch = (search: Record<string, unknown>): FindSearch =>
  serializeFindState(parseFindState(search));

/** The filters of a state without its sort and page: what "reset filters" clears. */
export const hasFilters = (state: FindState): boolean => {
  const { sort: _sort, page: _page, ...filters } = state;
  const { sort: _s, page: _p, ...defaults } = DEFAULT_FIND_STATE;
  return JSON.stringify(filters) !== JSON.stringify(defaults);
};

/** Reset filters: the defaults, keeping the chosen sort; back to the first page. */
export const resetFilters = (state: FindState): FindState => ({ ...DEFAULT_FIND_STATE, sort: state.sort });

/** A changed filter (or sort) sends the results back to page 1. */
export const withFilters = (state: FindState, change: Partial<Omit<FindState, "page">>): FindState => ({
  ...state,
  ...change,
  page: 1,
});

/**
 * The input of influencers.search for a state. Visitors get the teaser: no sort and no page (the first page).
 * Defaults are left out so equal states give equal inputs (and share one cached query).
 */
export function toSearchInput(state: FindState, signedIn: boolean): InfluencerSearchInput {
  const input: InfluencerSearchInput = {};
  if (state.categories.length > 0) input.categories = state.categories;
  if (state.networks.length > 0) input.networks = state.networks;
  if (state.engagements.length > 0) input.engagements = state.engagements;
  if (state.countries.length > 0) input.countries = state.countries;
  if (state.gender !== "any") input.gender = state.gender;
  if (!sameRange(state.followers, DEFAULT_FIND_STATE.followers)) input.followers = state.followers;
  if (!sameRange(state.ages, DEFAULT_FIND_STATE.ages)) input.ages = state.ages;
  if (state.query.trim() !== "") input.query = state.query.trim();
  if (state.minQuality > 0) input.minQuality = state.minQuality;
  if (signedIn) {
    if (state.sort !== null) input.sort = state.sort;
    if (state.page !== 1) input.currentPage = state.page;
  }
  return input;
}

/**
 * The brand's search for the route's validated search parameters: the route hands the screen this state, and its
 * loader prefetches this input (issue 33; the screen's first page carries no cursor), one key for both.
 */
export const findStateOf = (search: FindSearch): FindState => parseFindState({ ...search });
export const brandSearchInputOf = (search: FindSearch): InfluencerSearchInput =>
  toSearchInput(findStateOf(search), true);
