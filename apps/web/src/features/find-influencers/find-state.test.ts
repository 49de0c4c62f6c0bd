import { describe, expect, it } from "vitest";
import {
  brandSearchInputOf,
  DEFAULT_FIND_STATE,
  type FindState,
  hasFilters,
  parseFindState,
  resetFilters,
  serializeFindState,
  toSearchInput,
  validateFindSearch,
  withFilters,
} from "./find-state";

const FULL: FindState = {
  categories: ["beauty", "music"],
  networks: ["youtube", "instagram"],
  engagements: ["high", "low"],
  countries: ["fr", "us"],
  followers: [10_000, 1_000_000],
  ages: [18, 35],
  gender: "female",
  query: "yoga",
  minQuality: 60,
  sort: "engagement_p",
  page: 3,
};

describe("parseFindState", () => {
  it("gives the defaults for an empty URL", () => {
    expect(parseFindState({})).toEqual(DEFAULT_FIND_STATE);
  });

  it("reads every parameter", () => {
    expect(
      parseFindState({
        categories: "beauty,music",
        networks: "youtube,instagram",
        engagements: "high,low",
        countries: "fr,us",
        followers: "10000,1000000",
        age: "18,35",
        gender: "female",
        query: "yoga",
        quality: 60,
        sort: "engagement_p",
        p: 3,
      }),
    ).toEqual(FULL);
  });

  it("drops unknown and repeated ids from the lists", () => {
    const state = parseFindState({
      categories: "beauty,cars,beauty",
      networks: "myspace,twitter",
      engagements: "extreme",
      countries: "fr,xx,usa",
    });
    expect(state.categories).toEqual(["beauty"]);
    expect(state.networks).toEqual(["twitter"]);
    expect(state.engagements).toEqual([]);
    expect(state.countries).toEqual(["fr"]);
  });

  it.each([["1000,20000"], ["2000,6000000"], ["50000,10000"], ["abc"], ["2000"], ["2000,3000,4000"], ["2000.5,3000"]])(
    "falls back to the full followers range for %s",
    (followers) => {
      expect(parseFindState({ followers }).followers).toEqual([2_000, 5_000_000]);
    },
  );

  it.each([["-1,30"], ["18,100"], ["40,20"], ["x,y"]])("falls back to the full age range for %s", (age) => {
    expect(parseFindState({ age }).ages).toEqual([0, 99]);
  });

  it.each([[50], ["60"], [-1], ["abc"], [100], [null]])(
    "reads quality %s as one of the offered steps or any",
    (quality) => {
      expect(parseFindState({ quality }).minQuality).toBe(quality === "60" ? 60 : 0);
    },
  );

  it("ignores an unknown gender and sort", () => {
    const state = parseFindState({ gender: "other", sort: "random" });
    expect(state.gender).toBe("any");
    expect(state.sort).toBeNull();
  });

  it.each([[0], [-2], ["abc"], [1.5], ["2.5"], [1_000_000]])("reads page %s as page 1", (p) => {
    expect(parseFindState({ p }).page).toBe(1);
  });

  it("reads a page given as text", () => {
    expect(parseFindState({ p: "7" }).page).toBe(7);
  });

  it("keeps a numeric query as text and a blank one as none", () => {
    expect(parseFindState({ query: 123 }).query).toBe("123");
    expect(parseFindState({ query: true }).query).toBe("true");
    expect(parseFindState({ query: { a: 1 } }).query).toBe("");
    expect(parseFindState({ query: "   " }).query).toBe("");
  });
});

describe("serializeFindState", () => {
  it("leaves the defaults out", () => {
    expect(serializeFindState(DEFAULT_FIND_STATE)).toEqual({});
  });

  it("writes every parameter", () => {
    expect(serializeFindState(FULL)).toEqual({
      categories: "beauty,music",
      networks: "youtube,instagram",
      engagements: "high,low",
      countries: "fr,us",
      followers: "10000,1000000",
      age: "18,35",
      gender: "female",
      query: "yoga",
      quality: 60,
      sort: "engagement_p",
      p: 3,
    });
  });

  it("round-trips", () => {
    expect(parseFindState({ ...serializeFindState(FULL) })).toEqual(FULL);
    expect(parseFindState({ ...serializeFindState(DEFAULT_FIND_STATE) })).toEqual(DEFAULT_FIND_STATE);
    const search = { networks: "twitter", age: "20,30", p: 2 };
    expect(validateFindSearch(validateFindSearch(search) as Record<string, unknown>)).toEqual(search);
  });

  it("drops invalid parameters through validateFindSearch", () => {
    expect(validateFindSearch({ networks: "nope", p: "0", sort: "x", other: "y" })).toEqual({});
  });
});

describe("filter changes", () => {
  it("go back to page 1", () => {
    expect(withFilters(FULL, { gender: "male" })).toEqual({ ...FULL, gender: "male", page: 1 });
  });

  it("reset clears the filters and keeps the sort", () => {
    expect(resetFilters(FULL)).toEqual({ ...DEFAULT_FIND_STATE, sort: "engagement_p" });
    expect(hasFilters(FULL)).toBe(true);
    expect(hasFilters({ ...DEFAULT_FIND_STATE, sort: "cpf_p", page: 4 })).toBe(false);
  });
});

describe("toSearchInput", () => {
  it("sends only what is set", () => {
    expect(toSearchInput(DEFAULT_FIND_STATE, true)).toEqual({});
  });

  it("sends the filters, the sort and the page to a signed-in user", () => {
    expect(toSearchInput(FULL, true)).toEqual({
      categories: ["beauty", "music"],
      networks: ["youtube", "instagram"],
      engagements: ["high", "low"],
      countries: ["fr", "us"],
      gender: "female",
      followers: [10_000, 1_000_000],
      ages: [18, 35],
      query: "yoga",
      minQuality: 60,
      sort: "engagement_p",
      currentPage: 3,
    });
  });

  it("sends no sort and no page for a visitor", () => {
    const input = toSearchInput(FULL, false);
    expect(input.sort).toBeUndefined();
    expect(input.currentPage).toBeUndefined();
    expect(input.networks).toEqual(["youtube", "instagram"]);
    // The minimum quality is a filter: visitors' teaser applies it too.
    expect(input.minQuality).toBe(60);
  });
});

describe("brandSearchInputOf (the loader's request, the brand's screen's key)", () => {
  it("asks, for the route's validated search, what the signed-in screen asks for the URL", () => {
    const urls = [
      {},
      { categories: "beauty", followers: "1000,50000", gender: "female", query: " run ", sort: "followers_p", p: "2" },
      { networks: "nope", age: "x", p: "0" },
    ];
    for (const url of urls) {
      const search = validateFindSearch(url);
      expect(brandSearchInputOf(search)).toEqual(toSearchInput(parseFindState(url), true));
    }
  });
});
