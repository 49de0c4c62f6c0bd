import { SEARCH_QUERY_MAX_LENGTH } from "@market/contracts";
import { describe, expect, it } from "vitest";
import {
  applicationListInputOf,
  applicationListSearchOf,
  campaignApplicationsInputOf,
  clearFilters,
  defaultListState,
  isFiltered,
  parseApplicationListState,
  serializeApplicationListState,
  toApplicationListInput,
} from "./list-state";

describe("parseApplicationListState", () => {
  it("reads status, sort and query", () => {
    expect(parseApplicationListState("brand", { status: "waiting", sort: "price_m", query: "paris" })).toEqual({
      status: "waiting",
      sort: "price_m",
      query: "paris",
    });
  });
  it("falls back to each kind's defaults", () => {
    expect(parseApplicationListState("brand", {})).toEqual({ status: "all", sort: "time_p", query: "" });
    expect(parseApplicationListState("influencer", {})).toEqual({ status: "all", sort: "notif", query: "" });
  });
  it("drops unknown values and the other kind's sorts", () => {
    expect(parseApplicationListState("brand", { status: "WAITING", sort: "notif" })).toEqual(defaultListState("brand"));
    expect(parseApplicationListState("influencer", { status: 3, sort: "reach_p" })).toEqual(
      defaultListState("influencer"),
    );
  });
  it("keeps a query typed as a number, cuts a long one and ignores blanks", () => {
    expect(parseApplicationListState("brand", { query: 123 }).query).toBe("123");
    expect(parseApplicationListState("brand", { query: "x".repeat(500) }).query).toHaveLength(SEARCH_QUERY_MAX_LENGTH);
    expect(parseApplicationListState("brand", { query: "   " }).query).toBe("");
  });
});

describe("serializeApplicationListState", () => {
  it("leaves the defaults out", () => {
    expect(serializeApplicationListState("brand", defaultListState("brand"))).toEqual({});
    expect(serializeApplicationListState("influencer", defaultListState("influencer"))).toEqual({});
  });
  it("keeps what differs, the query trimmed", () => {
    expect(
      serializeApplicationListState("influencer", { status: "closed", sort: "time_p", query: "  shoes " }),
    ).toEqual({ status: "closed", sort: "time_p", query: "shoes" });
  });
  it("round-trips through the router's validateSearch", () => {
    const validate = applicationListSearchOf("brand");
    expect(validate({ status: "denied", sort: "reach_p", query: "lyon", p: 4 })).toEqual({
      status: "denied",
      sort: "reach_p",
      query: "lyon",
    });
    expect(applicationListSearchOf("influencer")({ sort: "time_p" })).toEqual({ sort: "time_p" });
    expect(applicationListSearchOf("influencer")({ sort: "notif" })).toEqual({});
  });
});

describe("filters", () => {
  it("a status or a query narrows the list, the sort does not", () => {
    expect(isFiltered(defaultListState("brand"))).toBe(false);
    expect(isFiltered({ ...defaultListState("brand"), sort: "price_p" })).toBe(false);
    expect(isFiltered({ ...defaultListState("brand"), status: "open" })).toBe(true);
    expect(isFiltered({ ...defaultListState("brand"), query: "anna" })).toBe(true);
  });
  it("clearing keeps the sort", () => {
    expect(clearFilters("brand", { status: "waiting", sort: "reach_m", query: "x" })).toEqual({
      status: "all",
      sort: "reach_m",
      query: "",
    });
  });
});

describe("toApplicationListInput", () => {
  it("asks for the status, the sort and a trimmed query", () => {
    expect(toApplicationListInput({ status: "all", sort: "notif", query: "" })).toEqual({
      status: "all",
      sort: "notif",
    });
    expect(toApplicationListInput({ status: "open", sort: "time_m", query: " nike " })).toEqual({
      status: "open",
      sort: "time_m",
      query: "nike",
    });
  });
});

describe("applicationListInputOf and campaignApplicationsInputOf (the screen's and its loader's request)", () => {
  const urls = [
    {},
    { status: "waiting", sort: "price_m", query: "  glow  " },
    { status: "nope", sort: "notif", query: 42 },
    { sort: "time_m", query: "x".repeat(SEARCH_QUERY_MAX_LENGTH + 5) },
  ];
  it("asks, for the route's validated search, what the screen's state asks for", () => {
    for (const kind of ["brand", "influencer"] as const) {
      for (const url of urls) {
        const search = applicationListSearchOf(kind)(url);
        expect(applicationListInputOf(kind, search)).toEqual(
          toApplicationListInput(parseApplicationListState(kind, url)),
        );
      }
    }
  });
  it("asks for a campaign's applicants with the brand's sorts and the campaign's id", () => {
    expect(campaignApplicationsInputOf(7, { sort: "reach_p", query: "glow" })).toEqual({
      id: 7,
      status: "all",
      sort: "reach_p",
      query: "glow",
    });
    expect(campaignApplicationsInputOf(7, {})).toEqual({ id: 7, status: "all", sort: "time_p" });
  });
});
