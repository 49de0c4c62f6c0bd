import { describe, expect, it } from "vitest";
import {
  APPLICATION_FILTER_STATUSES,
  APPLICATION_SORTS_BY_KIND,
  applicationListInput,
  campaignApplicationListInput,
} from "./application-lists";
import { SEARCH_QUERY_MAX_LENGTH } from "./constants";
import { APPLICATION_FILTERS, APPLICATION_STATUSES } from "./enums";

describe("the applications lists' input", () => {
  it("defaults to every status, no query, no cursor, and leaves the sort to the viewer's kind", () => {
    expect(applicationListInput.parse({})).toEqual({ status: "all" });
    expect(applicationListInput.parse({ query: "   " })).toEqual({ status: "all" });
    expect(applicationListInput.parse({ query: "  Paris ", sort: "reach_p" })).toMatchObject({
      query: "Paris",
      sort: "reach_p",
    });
  });

  it("refuses unknown filters and sorts, an overlong query or cursor, and a bad campaign id", () => {
    expect(applicationListInput.safeParse({ status: "expired" }).success).toBe(false);
    expect(applicationListInput.safeParse({ sort: "followers_p" }).success).toBe(false);
    expect(applicationListInput.safeParse({ query: "x".repeat(SEARCH_QUERY_MAX_LENGTH + 1) }).success).toBe(false);
    expect(applicationListInput.safeParse({ cursor: "c".repeat(201) }).success).toBe(false);
    expect(applicationListInput.safeParse({ status: ["open", "closed"] }).success).toBe(false);
    expect(campaignApplicationListInput.safeParse({ id: "012" }).success).toBe(false);
    expect(campaignApplicationListInput.parse({ id: "12" })).toMatchObject({ id: 12 });
  });

  it("maps every filter to statuses, open and closed splitting them in two", () => {
    expect(Object.keys(APPLICATION_FILTER_STATUSES).sort()).toEqual([...APPLICATION_FILTERS].sort());
    const { open, closed, all } = APPLICATION_FILTER_STATUSES;
    expect([...open, ...closed].sort()).toEqual([...APPLICATION_STATUSES].sort());
    expect([...all].sort()).toEqual([...APPLICATION_STATUSES].sort());
  });

  it("offers reach and price to brands and notif to influencers", () => {
    expect(APPLICATION_SORTS_BY_KIND.brand).toEqual(["time_p", "time_m", "reach_p", "reach_m", "price_p", "price_m"]);
    expect(APPLICATION_SORTS_BY_KIND.influencer).toEqual(["notif", "time_p", "time_m"]);
  });
});
