import { dealSearchInput, SEARCH_PAGE_MAX, SEARCH_QUERY_MAX_LENGTH } from "@market/contracts";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_DEAL_SEARCH_STATE,
  type DealSearchState,
  dealSearchInputOf,
  hasDealFilters,
  parseDealSearchState,
  resetDealFilters,
  selectCategory,
  serializeDealSearchState,
  toDealSearchInput,
  validateDealSearch,
  withDealFilters,
  withDraftQuery,
} from "./deal-search-state";

const FULL: DealSearchState = {
  categories: ["beauty", "music"],
  networks: ["youtube", "instagram"],
  prices: ["p25_100", "p10000"],
  extras: ["discount", "free"],
  countries: ["fr", "other"],
  query: "yoga mats",
  sort: "remaining_m",
  page: 3,
};

const FULL_PARAMS = {
  categories: "beauty,music",
  networks: "youtube,instagram",
  prices: "p25_100,p10000",
  extras: "discount,free",
  countries: "fr,other",
  query: "yoga mats",
  sort: "remaining_m",
  p: 3,
};

describe("parseDealSearchState", () => {
  it("gives the defaults for an empty URL", () => {
    expect(parseDealSearchState({})).toEqual(DEFAULT_DEAL_SEARCH_STATE);
    expect(DEFAULT_DEAL_SEARCH_STATE.sort).toBe("time_p");
    expect(DEFAULT_DEAL_SEARCH_STATE.page).toBe(1);
  });

  it("reads every parameter", () => {
    expect(parseDealSearchState(FULL_PARAMS)).toEqual(FULL);
    expect(parseDealSearchState({ ...FULL_PARAMS, p: "3" })).toEqual(FULL);
  });

  it("drops unknown and repeated ids from the lists", () => {
    const state = parseDealSearchState({
      categories: "beauty,cars,beauty",
      networks: "myspace,youtube",
      prices: "p1_2,p100_250",
      extras: "free,cash",
      countries: "zz,us,all",
    });
    expect(state.categories).toEqual(["beauty"]);
    expect(state.networks).toEqual(["youtube"]);
    expect(state.prices).toEqual(["p100_250"]);
    expect(state.extras).toEqual(["free"]);
    // "all" is the server's "no filter": the URL simply leaves the list out instead.
    expect(state.countries).toEqual(["us"]);
  });

  it("falls back to the default sort and page on invalid values", () => {
    for (const sort of ["update_p", "followers_p", "", 3]) {
      expect(parseDealSearchState({ sort }).sort).toBe("time_p");
    }
    for (const p of ["0", "-2", "1.5", "two", 0, SEARCH_PAGE_MAX + 1]) {
      expect(parseDealSearchState({ p }).page).toBe(1);
    }
  });

  it("reads every deal sort", () => {
    for (const sort of ["time_p", "time_m", "remaining_p", "remaining_m"] as const) {
      expect(parseDealSearchState({ sort }).sort).toBe(sort);
    }
  });

  it("keeps a query the router read as a number, and bounds its length", () => {
    expect(parseDealSearchState({ query: 123 }).query).toBe("123");
    expect(parseDealSearchState({ query: "   " }).query).toBe("");
    expect(parseDealSearchState({ query: "x".repeat(SEARCH_QUERY_MAX_LENGTH + 50) }).query).toHaveLength(
      SEARCH_QUERY_MAX_LENGTH,
    );
  });
});

describe("serializeDealSearchState", () => {
  it("leaves every default out", () => {
    expect(serializeDealSearchState(DEFAULT_DEAL_SEARCH_STATE)).toEqual({});
  });

  it("writes every parameter that differs", () => {
    expect(serializeDealSearchState(FULL)).toEqual(FULL_PARAMS);
  });

  it("trims the query and leaves a blank one out", () => {
    expect(serializeDealSearchState({ ...DEFAULT_DEAL_SEARCH_STATE, query: "  shoes " })).toEqual({ query: "shoes" });
    expect(serializeDealSearchState({ ...DEFAULT_DEAL_SEARCH_STATE, query: "  " })).toEqual({});
  });

  it("round-trips through the URL", () => {
    expect(parseDealSearchState({ ...serializeDealSearchState(FULL) })).toEqual(FULL);
  });
});

describe("validateDealSearch", () => {
  it("keeps valid parameters and drops the rest", () => {
    expect(validateDealSearch({ categories: "toys,nope", sort: "time_p", p: "1", extra: "x" })).toEqual({
      categories: "toys",
    });
    expect(validateDealSearch({ ...FULL_PARAMS })).toEqual(FULL_PARAMS);
  });
});

describe("changes", () => {
  it("goes back to page 1 on a changed filter, query or sort", () => {
    expect(withDealFilters(FULL, { networks: ["blog"] })).toEqual({ ...FULL, networks: ["blog"], page: 1 });
    expect(withDealFilters(FULL, { query: "bags" }).page).toBe(1);
    expect(withDealFilters(FULL, { sort: "time_m" }).page).toBe(1);
  });

  it("selects one category alone, All clears it", () => {
    expect(selectCategory(FULL, "toys")).toEqual({ ...FULL, categories: ["toys"], page: 1 });
    expect(selectCategory(FULL, null)).toEqual({ ...FULL, categories: [], page: 1 });
  });

  it("resets the filters but keeps the sort", () => {
    expect(resetDealFilters(FULL)).toEqual({ ...DEFAULT_DEAL_SEARCH_STATE, sort: "remaining_m" });
  });

  it("tells whether anything filters", () => {
    expect(hasDealFilters(DEFAULT_DEAL_SEARCH_STATE)).toBe(false);
    expect(hasDealFilters({ ...DEFAULT_DEAL_SEARCH_STATE, sort: "time_m", page: 4 })).toBe(false);
    expect(hasDealFilters({ ...DEFAULT_DEAL_SEARCH_STATE, query: "  " })).toBe(false);
    expect(hasDealFilters({ ...DEFAULT_DEAL_SEARCH_STATE, query: "bag" })).toBe(true);
    expect(hasDealFilters({ ...DEFAULT_DEAL_SEARCH_STATE, categories: ["toys"] })).toBe(true);
    expect(hasDealFilters({ ...DEFAULT_DEAL_SEARCH_STATE, extras: ["free"] })).toBe(true);
    expect(hasDealFilters({ ...DEFAULT_DEAL_SEARCH_STATE, countries: ["us"] })).toBe(true);
  });
});

describe("withDraftQuery", () => {
  it("applies the typed query along with a category, a filter or a sort, on page 1", () => {
    // Typed "shoes" without Enter, then the Shoes category: the results filter by both, as the box says.
    expect(selectCategory(withDraftQuery(DEFAULT_DEAL_SEARCH_STATE, "shoes"), "shoes")).toEqual({
      ...DEFAULT_DEAL_SEARCH_STATE,
      categories: ["shoes"],
      query: "shoes",
    });
    expect(withDealFilters(withDraftQuery(FULL, " bags "), { sort: "time_m" })).toEqual({
      ...FULL,
      query: "bags",
      sort: "time_m",
      page: 1,
    });
  });

  it("keeps the state, page included, when the box holds the applied query", () => {
    expect(withDraftQuery(FULL, " yoga mats ")).toBe(FULL);
  });

  it("clears the query when the box was emptied", () => {
    expect(withDraftQuery(FULL, "  ")).toEqual({ ...FULL, query: "", page: 1 });
  });
});

describe("toDealSearchInput", () => {
  it("is empty for the defaults, so the plain search shares one cached query", () => {
    expect(toDealSearchInput(DEFAULT_DEAL_SEARCH_STATE)).toEqual({});
  });

  it("carries every filter, the trimmed query, the sort and the page", () => {
    const input = toDealSearchInput({ ...FULL, query: "  yoga mats " });
    expect(input).toEqual({
      categories: ["beauty", "music"],
      networks: ["youtube", "instagram"],
      prices: ["p25_100", "p10000"],
      extras: ["discount", "free"],
      countries: ["fr", "other"],
      query: "yoga mats",
      sort: "remaining_m",
      page: 3,
    });
    // The server's schema accepts it as is.
    expect(dealSearchInput.parse(input)).toEqual(input);
  });
});

describe("dealSearchInputOf (the loader's request, the screen's key)", () => {
  it("asks, for the route's validated search, what the screen asks for the URL", () => {
    const urls = [
      {},
      { categories: "beauty,music", prices: "p25_100", query: " shoes ", sort: "remaining_m", p: "3" },
      { networks: "nope", sort: "bad", p: "-1" },
    ];
    for (const url of urls) {
      const search = validateDealSearch(url);
      expect(dealSearchInputOf(search)).toEqual(toDealSearchInput(parseDealSearchState(url)));
    }
  });
});
