import { type DealStatus, SEARCH_QUERY_MAX_LENGTH } from "@market/contracts";
import { describe, expect, it } from "vitest";
import {
  actionsFor,
  countByTab,
  DEFAULT_LIST_STATE,
  isFiltered,
  matchesQuery,
  parseListState,
  serializeListState,
  sortCampaigns,
  validateListSearch,
  visibleCampaigns,
} from "./list-state";

const day = (n: number) => new Date(Date.UTC(2026, 0, n));

function campaign(
  id: number,
  status: DealStatus,
  over: Partial<{ title: string; description: string; author: string; created: Date; updated: Date }> = {},
) {
  return {
    id,
    status,
    title: `Campaign ${id}`,
    description: "A plain description",
    author: "Acme",
    created: day(id),
    updated: day(id),
    applicants: 0,
    ...over,
  };
}

describe("parseListState", () => {
  it("gives the defaults for an empty search", () => {
    expect(parseListState({})).toEqual({ tab: "all", query: "", sort: "time_p" });
  });

  it("reads each valid value", () => {
    expect(parseListState({ state: "paused", query: "shoes", sort: "update_m" })).toEqual({
      tab: "paused",
      query: "shoes",
      sort: "update_m",
    });
  });

  it("falls back to the default for each invalid value", () => {
    expect(parseListState({ state: "active", query: { a: 1 }, sort: "remaining_p" })).toEqual(DEFAULT_LIST_STATE);
    expect(parseListState({ state: ["open"], sort: null })).toEqual(DEFAULT_LIST_STATE);
    expect(parseListState({ query: "   " })).toEqual(DEFAULT_LIST_STATE);
  });

  it("keeps a query the router read as a number or a boolean (a typed ?query=2026), as the searches do", () => {
    expect(parseListState({ query: 2026 }).query).toBe("2026");
    expect(parseListState({ query: true }).query).toBe("true");
  });

  it("bounds a very long query", () => {
    expect(parseListState({ query: "x".repeat(500) }).query).toHaveLength(SEARCH_QUERY_MAX_LENGTH);
  });
});

describe("serializeListState", () => {
  it("leaves the defaults out", () => {
    expect(serializeListState(DEFAULT_LIST_STATE)).toEqual({});
    expect(serializeListState({ tab: "all", query: "  ", sort: "time_p" })).toEqual({});
  });

  it("keeps every non-default value and round-trips through parse", () => {
    const state = { tab: "closed", query: "Summer", sort: "time_m" } as const;
    expect(serializeListState(state)).toEqual({ state: "closed", query: "Summer", sort: "time_m" });
    expect(parseListState({ ...serializeListState(state) })).toEqual(state);
  });

  it("validateListSearch drops invalid and default values", () => {
    expect(validateListSearch({ state: "nope", query: "a", sort: "time_p", other: "x" })).toEqual({ query: "a" });
    expect(validateListSearch({ state: "open", sort: "update_p" })).toEqual({ state: "open", sort: "update_p" });
  });
});

describe("countByTab", () => {
  it("counts every campaign under all and each under its status", () => {
    const list = [campaign(1, "open"), campaign(2, "open"), campaign(3, "paused"), campaign(4, "closed")];
    expect(countByTab(list)).toEqual({ all: 4, open: 2, paused: 1, closed: 1 });
    expect(countByTab([])).toEqual({ all: 0, open: 0, paused: 0, closed: 0 });
  });
});

describe("matchesQuery", () => {
  const target = campaign(1, "open", { title: "Summer Shoes", description: "Run with us", author: "Nike Store" });

  it("matches title, description and author case-insensitively", () => {
    expect(matchesQuery(target, "summer")).toBe(true);
    expect(matchesQuery(target, "RUN WITH")).toBe(true);
    expect(matchesQuery(target, "nike")).toBe(true);
    expect(matchesQuery(target, "winter")).toBe(false);
  });

  it("matches everything on a blank query and trims the query", () => {
    expect(matchesQuery(target, "")).toBe(true);
    expect(matchesQuery(target, "   ")).toBe(true);
    expect(matchesQuery(target, "  shoes ")).toBe(true);
  });

  it("ignores accents", () => {
    expect(matchesQuery(campaign(2, "open", { title: "Café crème" }), "cafe creme")).toBe(true);
    expect(matchesQuery(campaign(3, "open", { title: "Cafe" }), "CAFÉ")).toBe(true);
  });
});

describe("sortCampaigns", () => {
  const a = campaign(1, "open", { created: day(1), updated: day(9) });
  const b = campaign(2, "open", { created: day(3), updated: day(4) });
  const c = campaign(3, "open", { created: day(2), updated: day(7) });
  const ids = (list: { id: number }[]) => list.map((item) => item.id);

  it("time_p: newest created first; time_m: oldest first", () => {
    expect(ids(sortCampaigns([a, b, c], "time_p"))).toEqual([2, 3, 1]);
    expect(ids(sortCampaigns([a, b, c], "time_m"))).toEqual([1, 3, 2]);
  });

  it("update_p: newest updated first; update_m: oldest first", () => {
    expect(ids(sortCampaigns([a, b, c], "update_p"))).toEqual([1, 3, 2]);
    expect(ids(sortCampaigns([a, b, c], "update_m"))).toEqual([2, 3, 1]);
  });

  it("breaks ties by id and leaves the input alone", () => {
    const x = campaign(5, "open", { created: day(1) });
    const y = campaign(4, "open", { created: day(1) });
    const input = [x, y];
    expect(ids(sortCampaigns(input, "time_p"))).toEqual([5, 4]);
    expect(ids(sortCampaigns(input, "time_m"))).toEqual([4, 5]);
    expect(ids(input)).toEqual([5, 4]);
  });
});

describe("visibleCampaigns", () => {
  const list = [
    campaign(1, "open", { title: "Red shoes" }),
    campaign(2, "paused", { title: "Blue shoes" }),
    campaign(3, "closed", { title: "Green hat" }),
    campaign(4, "open", { title: "Yellow hat" }),
  ];
  const ids = (state: Parameters<typeof visibleCampaigns>[1]) => visibleCampaigns(list, state).map((item) => item.id);

  it("filters by tab", () => {
    expect(ids({ ...DEFAULT_LIST_STATE })).toEqual([4, 3, 2, 1]);
    expect(ids({ ...DEFAULT_LIST_STATE, tab: "open" })).toEqual([4, 1]);
    expect(ids({ ...DEFAULT_LIST_STATE, tab: "paused" })).toEqual([2]);
    expect(ids({ ...DEFAULT_LIST_STATE, tab: "closed" })).toEqual([3]);
  });

  it("combines tab, search and sort", () => {
    expect(ids({ tab: "all", query: "SHOES", sort: "time_m" })).toEqual([1, 2]);
    expect(ids({ tab: "open", query: "hat", sort: "time_p" })).toEqual([4]);
    expect(ids({ tab: "paused", query: "hat", sort: "time_p" })).toEqual([]);
  });

  it("isFiltered tells a narrowed list from the whole one", () => {
    expect(isFiltered(DEFAULT_LIST_STATE)).toBe(false);
    expect(isFiltered({ ...DEFAULT_LIST_STATE, sort: "update_m" })).toBe(false);
    expect(isFiltered({ ...DEFAULT_LIST_STATE, tab: "open" })).toBe(true);
    expect(isFiltered({ ...DEFAULT_LIST_STATE, query: "x" })).toBe(true);
  });
});

describe("actionsFor", () => {
  it("offers pause on an open campaign, resume on a paused one, neither on a closed one", () => {
    expect(actionsFor({ status: "open", applicants: 3 })).toEqual(["edit", "pause"]);
    expect(actionsFor({ status: "paused", applicants: 3 })).toEqual(["edit", "resume"]);
    expect(actionsFor({ status: "closed", applicants: 3 })).toEqual(["edit"]);
  });

  it("offers delete only without applicants", () => {
    expect(actionsFor({ status: "open", applicants: 0 })).toEqual(["edit", "pause", "delete"]);
    expect(actionsFor({ status: "paused", applicants: 0 })).toEqual(["edit", "resume", "delete"]);
    expect(actionsFor({ status: "closed", applicants: 0 })).toEqual(["edit", "delete"]);
    expect(actionsFor({ status: "open", applicants: 1 })).not.toContain("delete");
  });
});
