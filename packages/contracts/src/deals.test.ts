import { describe, expect, it } from "vitest";
import { MAX_CAMPAIGN_IMAGES, NEW_DEAL_WINDOW_MS } from "./constants";
import {
  CAMPAIGN_TEXT_LIMITS,
  campaignInput,
  campaignStepSchemas,
  computeDealStatus,
  dealIdInput,
  isNewDeal,
  remainingDuration,
  reviewDealInput,
  updateCampaignInput,
} from "./deals";
import { DAY_MS } from "./time";

const now = new Date("2026-06-01T12:00:00Z");
const at = (ms: number) => new Date(now.getTime() + ms);
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

/** The messages of a failed parse, by field. */
function issuesOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  expect(result.success).toBe(false);
  return (result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]);
}

describe("computeDealStatus", () => {
  it.each([
    ["past deadline, not paused", -1, false, "closed"],
    ["past deadline, paused", -1, true, "closed"],
    ["deadline now, not paused", 0, false, "closed"],
    ["deadline now, paused", 0, true, "closed"],
    ["future deadline, not paused", 1, false, "open"],
    ["future deadline, paused", 1, true, "paused"],
  ] as const)("%s is %s", (_, offset, paused, status) => {
    expect(computeDealStatus({ deadline: at(offset), paused }, now)).toBe(status);
  });
});

describe("remainingDuration", () => {
  it("is the milliseconds before the deadline", () => {
    expect(remainingDuration(at(345_600_000), now)).toBe(345_600_000);
    expect(remainingDuration(at(1), now)).toBe(1);
  });
  it("is 0 at and after the deadline (0 means closed)", () => {
    expect(remainingDuration(at(0), now)).toBe(0);
    expect(remainingDuration(at(-5_000), now)).toBe(0);
  });
});

describe("isNewDeal", () => {
  it("is true within 24 hours of creation and false from then on", () => {
    expect(NEW_DEAL_WINDOW_MS).toBe(DAY_MS);
    expect(isNewDeal(now, now)).toBe(true);
    expect(isNewDeal(at(-(NEW_DEAL_WINDOW_MS - 1)), now)).toBe(true);
    expect(isNewDeal(at(-NEW_DEAL_WINDOW_MS), now)).toBe(false);
    expect(isNewDeal(at(-(NEW_DEAL_WINDOW_MS + 1)), now)).toBe(false);
  });
});

describe("campaignStepSchemas.networks", () => {
  const { networks } = campaignStepSchemas;
  it("needs at least one network", () => {
    expect(issuesOf(networks.safeParse({ networks: [] }))).toEqual([["networks", "Choose at least one network."]]);
    expect(issuesOf(networks.safeParse({}))).toEqual([["networks", "Choose at least one network."]]);
  });
  it("removes duplicates and refuses unknown networks", () => {
    expect(networks.parse({ networks: ["twitter", "blog", "twitter"] })).toEqual({ networks: ["twitter", "blog"] });
    expect(networks.safeParse({ networks: ["myspace"] }).success).toBe(false);
  });
});

describe("campaignStepSchemas.general", () => {
  const { general } = campaignStepSchemas;
  const valid = {
    title: "  Summer launch  ",
    category: "beauty",
    price: "p100_250",
    deadline: "2026-08-01T23:59:00+02:00",
    link: "  https://brand.example/shop?x=1  ",
  };

  it("trims texts and reads the deadline as an instant (ISO string or Date)", () => {
    const parsed = general.parse(valid);
    expect(parsed.title).toBe("Summer launch");
    expect(parsed.link).toBe("https://brand.example/shop?x=1");
    expect(parsed.deadline).toEqual(new Date("2026-08-01T21:59:00Z"));
    expect(general.parse({ ...valid, deadline: now }).deadline).toEqual(now);
  });

  it("refuses an empty or blank title, and one over the limit", () => {
    expect(issuesOf(general.safeParse({ ...valid, title: "   " }))).toEqual([["title", "A title is required."]]);
    expect(issuesOf(general.safeParse({ ...valid, title: undefined }))).toEqual([["title", "A title is required."]]);
    expect(general.safeParse({ ...valid, title: "x".repeat(CAMPAIGN_TEXT_LIMITS.title) }).success).toBe(true);
    expect(general.safeParse({ ...valid, title: "x".repeat(CAMPAIGN_TEXT_LIMITS.title + 1) }).success).toBe(false);
  });

  it.each([
    ["category", "Choose a category."],
    ["price", "Choose a price range."],
    ["deadline", "Choose a deadline."],
    ["link", "A website link (http or https) is required."],
  ])("requires %s", (field, message) => {
    expect(issuesOf(general.safeParse({ ...valid, [field]: undefined }))).toEqual([[field, message]]);
  });

  it("refuses the all category, unknown categories and price ranges", () => {
    expect(issuesOf(general.safeParse({ ...valid, category: "all" }))).toEqual([["category", "Choose a category."]]);
    expect(general.safeParse({ ...valid, price: "p1_2" }).success).toBe(false);
  });

  it("refuses a deadline that is not an instant with its offset", () => {
    for (const deadline of ["tomorrow", "2026-08-01", "2026-08-01T23:59:00", 1_780_000_000_000]) {
      expect(issuesOf(general.safeParse({ ...valid, deadline }))).toEqual([["deadline", "Choose a deadline."]]);
    }
  });

  it.each([
    "brand.example",
    "ftp://brand.example",
    "javascript:alert(1)",
    "https://",
    "https://localhost",
    "http:// brand.example",
    "",
  ])("refuses the link %j", (link) => {
    expect(issuesOf(general.safeParse({ ...valid, link }))).toEqual([
      ["link", "A website link (http or https) is required."],
    ]);
  });

  it("accepts http and https links up to the limit", () => {
    expect(general.safeParse({ ...valid, link: "http://brand.example" }).success).toBe(true);
    const long = `https://brand.example/${"a".repeat(CAMPAIGN_TEXT_LIMITS.link - 22)}`;
    expect(long).toHaveLength(CAMPAIGN_TEXT_LIMITS.link);
    expect(general.safeParse({ ...valid, link: long }).success).toBe(true);
    expect(general.safeParse({ ...valid, link: `${long}a` }).success).toBe(false);
  });
});

describe("campaignStepSchemas.audience", () => {
  const { audience } = campaignStepSchemas;
  const valid = { aAbout: " Young runners ", aCountries: ["us"], aLanguages: ["en"] };

  it("trims the audience text and requires it", () => {
    expect(audience.parse(valid).aAbout).toBe("Young runners");
    expect(issuesOf(audience.safeParse({ ...valid, aAbout: " " }))).toEqual([
      ["aAbout", "Describe the audience you want."],
    ]);
    expect(audience.safeParse({ ...valid, aAbout: "x".repeat(CAMPAIGN_TEXT_LIMITS.aAbout + 1) }).success).toBe(false);
  });

  it("needs at least one country and one language", () => {
    expect(issuesOf(audience.safeParse({ ...valid, aCountries: [], aLanguages: [] }))).toEqual([
      ["aCountries", "Choose at least one country."],
      ["aLanguages", "Choose at least one language."],
    ]);
    expect(issuesOf(audience.safeParse({ aAbout: "x" }))).toEqual([
      ["aCountries", "Choose at least one country."],
      ["aLanguages", "Choose at least one language."],
    ]);
  });

  it("deduplicates countries and languages, keeping their order", () => {
    const parsed = audience.parse({ ...valid, aCountries: ["fr", "us", "fr"], aLanguages: ["fr", "en", "fr", "en"] });
    expect(parsed.aCountries).toEqual(["fr", "us"]);
    expect(parsed.aLanguages).toEqual(["fr", "en"]);
  });

  it("collapses a list with all into all alone", () => {
    const parsed = audience.parse({ ...valid, aCountries: ["us", "all", "fr"], aLanguages: ["all", "de"] });
    expect(parsed.aCountries).toEqual(["all"]);
    expect(parsed.aLanguages).toEqual(["all"]);
  });

  it("refuses codes outside the deal countries and languages", () => {
    expect(audience.safeParse({ ...valid, aCountries: ["zz"] }).success).toBe(false);
    expect(audience.safeParse({ ...valid, aLanguages: ["klingon"] }).success).toBe(false);
    expect(audience.parse({ ...valid, aCountries: ["other"], aLanguages: ["other"] }).aCountries).toEqual(["other"]);
  });
});

describe("campaignStepSchemas.details", () => {
  const { details } = campaignStepSchemas;

  it("trims and requires the description", () => {
    expect(details.parse({ description: " Post twice " })).toEqual({ description: "Post twice", images: [] });
    expect(issuesOf(details.safeParse({ description: "\n " }))).toEqual([
      ["description", "A description is required."],
    ]);
    expect(details.safeParse({ description: "x".repeat(CAMPAIGN_TEXT_LIMITS.description + 1) }).success).toBe(false);
  });

  it("accepts up to 3 images in order and refuses a 4th", () => {
    const three = [uuid(3), uuid(1), uuid(2)];
    expect(details.parse({ description: "d", images: three }).images).toEqual(three);
    expect(MAX_CAMPAIGN_IMAGES).toBe(3);
    expect(issuesOf(details.safeParse({ description: "d", images: [...three, uuid(4)] }))).toEqual([
      ["images", "At most 3 images."],
    ]);
  });

  it("refuses an image twice and ids that are not file ids", () => {
    expect(issuesOf(details.safeParse({ description: "d", images: [uuid(1), uuid(1)] }))).toEqual([
      ["images", "An image appears twice."],
    ]);
    expect(details.safeParse({ description: "d", images: ["../../etc/passwd"] }).success).toBe(false);
  });
});

describe("campaignStepSchemas.extra", () => {
  const { extra } = campaignStepSchemas;

  it("needs no extra at all", () => {
    expect(extra.parse({})).toEqual({ extras: [], eDiscount: "", eGiveaway: "", eFree: "" });
  });

  it.each([
    ["discount", "eDiscount", "Describe the discount."],
    ["giveaway", "eGiveaway", "Describe the giveaway."],
    ["free", "eFree", "Describe the free product."],
  ])("needs a text for the chosen %s", (chosen, field, message) => {
    expect(issuesOf(extra.safeParse({ extras: [chosen], [field]: "   " }))).toEqual([[field, message]]);
    expect(extra.parse({ extras: [chosen], [field]: "  20 % off  " })[field as "eFree"]).toBe("20 % off");
  });

  it("reports every chosen extra without its text, and ignores texts of extras not chosen", () => {
    expect(issuesOf(extra.safeParse({ extras: ["discount", "giveaway", "free"] })).map(([path]) => path)).toEqual([
      "eDiscount",
      "eGiveaway",
      "eFree",
    ]);
    expect(extra.safeParse({ extras: ["free"], eFree: "A bottle", eDiscount: "" }).success).toBe(true);
  });

  it("deduplicates extras and refuses unknown ones and too long texts", () => {
    expect(extra.parse({ extras: ["free", "free"], eFree: "x" }).extras).toEqual(["free"]);
    expect(extra.safeParse({ extras: ["cashback"] }).success).toBe(false);
    expect(extra.safeParse({ extras: ["free"], eFree: "x".repeat(CAMPAIGN_TEXT_LIMITS.extraText + 1) }).success).toBe(
      false,
    );
  });
});

describe("campaignInput", () => {
  const valid = {
    networks: ["instagram"],
    title: "Launch",
    category: "sports",
    price: "p25_100",
    deadline: "2026-08-01T21:59:00.000Z",
    link: "https://brand.example",
    aAbout: "Runners",
    aCountries: ["us"],
    aLanguages: ["en"],
    description: "Two posts",
    images: [uuid(1)],
    extras: ["discount"],
    eDiscount: "10 %",
  };

  it("is every step together", () => {
    expect(campaignInput.parse(valid)).toEqual({
      ...valid,
      deadline: new Date("2026-08-01T21:59:00.000Z"),
      eGiveaway: "",
      eFree: "",
    });
  });

  it("reports the issues of every step at once", () => {
    const paths = issuesOf(campaignInput.safeParse({ ...valid, networks: [], title: "", description: "" })).map(
      ([path]) => path,
    );
    expect(paths.sort()).toEqual(["description", "networks", "title"]);
  });

  it("is the body of an edit, with the deal id", () => {
    expect(updateCampaignInput.parse({ id: "7", campaign: valid }).id).toBe(7);
  });
});

describe("deal ids and reviews", () => {
  it("reads a positive integer id, from a path string too", () => {
    expect(dealIdInput.parse({ id: "12" })).toEqual({ id: 12 });
    for (const id of ["0", "-1", "1.5", "abc", "", "99999999999"])
      expect(dealIdInput.safeParse({ id }).success).toBe(false);
  });
  it("reviews with OK or KO only", () => {
    expect(reviewDealInput.parse({ id: 3, decision: "KO" })).toEqual({ id: 3, decision: "KO" });
    expect(reviewDealInput.safeParse({ id: 3, decision: "NONE" }).success).toBe(false);
  });
});
