import { describe, expect, it } from "vitest";
import { SEARCH_QUERY_MAX_LENGTH } from "./constants";
import { dealSearchInput } from "./deal-search";
import {
  CHANGE_SOMETHING_MESSAGE,
  createProposalInput,
  FILL_ONE_LINE_MESSAGE,
  missingFields,
  proposalPrice,
  updateProposalInput,
} from "./proposals";

const base = { dealId: 7, text: "  Hello brand  ", expiration: "2026-08-01T23:59:00Z" };
const issuesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => ({ path: issue.path.join("."), message: issue.message }));

describe("proposalPrice", () => {
  it("strips dollar signs, commas and spaces", () => {
    expect(proposalPrice.parse("$1,250")).toBe(1250);
    expect(proposalPrice.parse(" $ 25 ")).toBe(25);
    expect(proposalPrice.parse(300)).toBe(300);
  });
  it("refuses 24 and accepts 25 (the minimum)", () => {
    expect(proposalPrice.safeParse(24).success).toBe(false);
    expect(proposalPrice.safeParse("$24").success).toBe(false);
    expect(proposalPrice.parse(25)).toBe(25);
  });
  it("refuses cents, negatives and words; blank is no price", () => {
    for (const value of ["25.50", 25.5, "-30", "abc", "1e3"])
      expect(proposalPrice.safeParse(value).success).toBe(false);
    expect(proposalPrice.parse("")).toBeUndefined();
    expect(proposalPrice.parse(null)).toBeUndefined();
    expect(proposalPrice.parse(undefined)).toBeUndefined();
  });
});

describe("createProposalInput", () => {
  it("parses a proposal: trimmed text, date, priced lines only", () => {
    const parsed = createProposalInput.parse({
      ...base,
      prices: [
        { networkId: 1, price: "$1,250", creationDays: 5 },
        { networkId: 2, price: "", creationDays: "" },
      ],
    });
    expect(parsed.text).toBe("Hello brand");
    expect(parsed.expiration).toEqual(new Date("2026-08-01T23:59:00Z"));
    expect(parsed.prices).toEqual([{ networkId: 1, price: 1250, creationDays: 5, usageRights: { kind: "organic" } }]);
  });
  it("marks a price of 24 on its field", () => {
    const result = createProposalInput.safeParse({ ...base, prices: [{ networkId: 1, price: 24, creationDays: 3 }] });
    expect(result.success).toBe(false);
    expect(issuesOf(result).map((issue) => issue.path)).toContain("prices.0.price");
  });
  it("requires creationDays when a price is set, within 1..365", () => {
    const missing = createProposalInput.safeParse({ ...base, prices: [{ networkId: 1, price: 100 }] });
    expect(issuesOf(missing).map((issue) => issue.path)).toContain("prices.0.creationDays");
    for (const days of [0, 366, 2.5, "x", "0x10", "1e1", "2.0"]) {
      const result = createProposalInput.safeParse({
        ...base,
        prices: [{ networkId: 1, price: 100, creationDays: days }],
      });
      expect(issuesOf(result).map((issue) => issue.path)).toContain("prices.0.creationDays");
    }
    expect(
      createProposalInput.parse({ ...base, prices: [{ networkId: 1, price: 100, creationDays: "365" }] }).prices,
    ).toEqual([{ networkId: 1, price: 100, creationDays: 365, usageRights: { kind: "organic" } }]);
  });
  it("refuses an empty table with the spec's message", () => {
    for (const prices of [[], [{ networkId: 1, price: "", creationDays: "" }], [{ networkId: 1 }]]) {
      const result = createProposalInput.safeParse({ ...base, prices });
      expect(issuesOf(result)).toEqual([{ path: "prices", message: FILL_ONE_LINE_MESSAGE }]);
    }
  });
  it("refuses a blank text, a bad date and a network twice", () => {
    expect(
      issuesOf(
        createProposalInput.safeParse({ ...base, text: "   ", prices: [{ networkId: 1, price: 30, creationDays: 1 }] }),
      ).map((i) => i.path),
    ).toEqual(["text"]);
    expect(
      issuesOf(
        createProposalInput.safeParse({
          ...base,
          expiration: "soon",
          prices: [{ networkId: 1, price: 30, creationDays: 1 }],
        }),
      ).map((i) => i.path),
    ).toEqual(["expiration"]);
    const twice = createProposalInput.safeParse({
      ...base,
      prices: [
        { networkId: 1, price: 30, creationDays: 1 },
        { networkId: 1, price: 40, creationDays: 2 },
      ],
    });
    expect(twice.success).toBe(false);
  });
});

describe("updateProposalInput", () => {
  it("needs an expiration and a priced line", () => {
    expect(
      updateProposalInput.safeParse({ id: 3, prices: [{ networkId: 1, price: 30, creationDays: 1 }] }).success,
    ).toBe(false);
    expect(issuesOf(updateProposalInput.safeParse({ id: 3, expiration: base.expiration, prices: [] }))).toEqual([
      { path: "prices", message: FILL_ONE_LINE_MESSAGE },
    ]);
    expect(
      updateProposalInput.parse({
        id: "3",
        expiration: base.expiration,
        prices: [{ networkId: 1, price: "$40", creationDays: 2 }],
      }),
    ).toEqual({
      id: 3,
      expiration: new Date(base.expiration),
      prices: [{ networkId: 1, price: 40, creationDays: 2, usageRights: { kind: "organic" } }],
    });
    expect(CHANGE_SOMETHING_MESSAGE).toBe("Please change something.");
  });
});

describe("missingFields", () => {
  it("names absent, null and blank required fields", () => {
    expect(
      missingFields({ dealId: 1, text: " ", expiration: null }, ["dealId", "text", "expiration", "prices"]),
    ).toEqual(["text", "expiration", "prices"]);
    expect(missingFields(undefined, ["expiration"])).toEqual(["expiration"]);
  });
});

describe("dealSearchInput", () => {
  it("defaults to page 1, newest first, no filters", () => {
    expect(dealSearchInput.parse({})).toEqual({ sort: "time_p", page: 1 });
  });
  it("treats 'all' and empty lists as no filter, dedupes the rest", () => {
    const parsed = dealSearchInput.parse({
      categories: ["all", "sports"],
      networks: [],
      countries: ["us", "us", "gb"],
      extras: ["discount"],
      prices: ["p25_100"],
      query: "  shoes ",
      page: "2",
    });
    expect(parsed).toMatchObject({
      countries: ["us", "gb"],
      extras: ["discount"],
      prices: ["p25_100"],
      query: "shoes",
      page: 2,
    });
    expect(parsed.categories).toBeUndefined();
    expect(parsed.networks).toBeUndefined();
  });
  it("refuses unknown values, a long query and page 0", () => {
    expect(dealSearchInput.safeParse({ categories: ["cars"] }).success).toBe(false);
    expect(dealSearchInput.safeParse({ sort: "update_p" }).success).toBe(false);
    expect(dealSearchInput.safeParse({ query: "x".repeat(SEARCH_QUERY_MAX_LENGTH + 1) }).success).toBe(false);
    expect(dealSearchInput.parse({ query: `  ${"x".repeat(SEARCH_QUERY_MAX_LENGTH)}  ` }).query).toHaveLength(
      SEARCH_QUERY_MAX_LENGTH,
    );
    expect(dealSearchInput.safeParse({ page: 0 }).success).toBe(false);
    expect(dealSearchInput.parse({ query: "   " }).query).toBeUndefined();
  });
});
