import { describe, expect, it } from "vitest";
import {
  ORGANIC_RIGHTS,
  sameUsageRights,
  storedUsageRights,
  USAGE_RIGHTS_KINDS,
  USAGE_RIGHTS_MONTHS,
  USAGE_TERRITORY_MAX_COUNTRIES,
  type UsageRights,
  usageRights,
  usageRightsKey,
} from "./usage-rights";
import { describeHiredRights, describeUsageRights, USAGE_RIGHTS_KIND_LABELS } from "./usage-rights-format";

const issuesOf = (value: unknown) => {
  const result = usageRights.safeParse(value);
  return (result.error?.issues ?? []).map((issue) => issue.path.join("."));
};

describe("usageRights: each kind", () => {
  it("parses every kind, with the fields it has", () => {
    const samples: Record<(typeof USAGE_RIGHTS_KINDS)[number], unknown> = {
      organic: { kind: "organic" },
      licensed: { kind: "licensed", months: 6, territory: "worldwide" },
      whitelisting: { kind: "whitelisting", months: 3 },
    };
    for (const kind of USAGE_RIGHTS_KINDS) expect(usageRights.parse(samples[kind])).toEqual(samples[kind]);
  });

  it("refuses an unknown or missing kind on the kind", () => {
    expect(issuesOf({ kind: "exclusive", months: 6 })).toEqual(["kind"]);
    expect(issuesOf({ months: 6 })).toEqual(["kind"]);
    expect(issuesOf("organic")).toEqual([""]);
  });

  it("refuses fields that do not belong to the kind", () => {
    expect(usageRights.safeParse({ kind: "organic", months: 6 }).success).toBe(false);
    expect(usageRights.safeParse({ kind: "whitelisting", months: 6, territory: "worldwide" }).success).toBe(false);
  });

  it("needs months on licensed and whitelisting, and a territory on licensed", () => {
    expect(issuesOf({ kind: "licensed", territory: "worldwide" })).toEqual(["months"]);
    expect(issuesOf({ kind: "licensed", months: 6 })).toEqual(["territory"]);
    expect(issuesOf({ kind: "whitelisting" })).toEqual(["months"]);
  });
});

describe("usageRights: months bounds", () => {
  for (const kind of ["licensed", "whitelisting"] as const) {
    const of = (months: unknown) => (kind === "licensed" ? { kind, months, territory: "worldwide" } : { kind, months });
    it(`${kind}: ${USAGE_RIGHTS_MONTHS.min} to ${USAGE_RIGHTS_MONTHS.max} whole months`, () => {
      expect(usageRights.safeParse(of(USAGE_RIGHTS_MONTHS.min)).success).toBe(true);
      expect(usageRights.safeParse(of(USAGE_RIGHTS_MONTHS.max)).success).toBe(true);
      for (const bad of [0, USAGE_RIGHTS_MONTHS.max + 1, 1.5, -3, "6", null])
        expect(issuesOf(of(bad))).toEqual(["months"]);
    });
  }
});

describe("usageRights: territory", () => {
  const licensed = (territory: unknown) => ({ kind: "licensed", months: 12, territory });

  it("takes worldwide or countries, lowercased and sorted", () => {
    expect(usageRights.parse(licensed(["FR", "de"]))).toEqual({
      kind: "licensed",
      months: 12,
      territory: ["de", "fr"],
    });
  });

  it("marks each unknown or repeated country at its index", () => {
    expect(issuesOf(licensed(["fr", "xx", "de", "fr"]))).toEqual(["territory.1", "territory.3"]);
  });

  it(`refuses an empty list, more than ${USAGE_TERRITORY_MAX_COUNTRIES} countries, and other words`, () => {
    expect(issuesOf(licensed([]))).toEqual(["territory"]);
    const many = ["ad", "ae", "af", "ag", "ai", "al", "am", "ao", "aq", "ar", "as", "at", "au", "aw", "ax", "az"];
    const tooMany = [
      ...many,
      ...many.map((code) => code.replace("a", "b")),
      ...many.map((code) => code.replace("a", "c")),
      "de",
      "dk",
      "fr",
    ];
    expect(tooMany.length).toBeGreaterThan(USAGE_TERRITORY_MAX_COUNTRIES);
    expect(issuesOf(licensed(tooMany))).toContain("territory");
    expect(issuesOf(licensed("europe"))).toEqual(["territory"]);
    expect(issuesOf(licensed(null))).toEqual(["territory"]);
  });
});

describe("usageRightsKey and sameUsageRights", () => {
  it("tells every difference apart and nothing else", () => {
    const all: UsageRights[] = [
      ORGANIC_RIGHTS,
      { kind: "licensed", months: 6, territory: "worldwide" },
      { kind: "licensed", months: 7, territory: "worldwide" },
      { kind: "licensed", months: 6, territory: ["fr"] },
      { kind: "licensed", months: 6, territory: ["de", "fr"] },
      { kind: "whitelisting", months: 6 },
      { kind: "whitelisting", months: 7 },
    ];
    expect(new Set(all.map(usageRightsKey)).size).toBe(all.length);
    expect(
      sameUsageRights(
        usageRights.parse({ kind: "licensed", months: 6, territory: ["FR", "de"] }),
        all[4] as UsageRights,
      ),
    ).toBe(true);
  });
});

describe("storedUsageRights", () => {
  it("reads a stored value, and anything the schema refuses as organic", () => {
    expect(storedUsageRights({ kind: "whitelisting", months: 2 })).toEqual({ kind: "whitelisting", months: 2 });
    expect(storedUsageRights(null)).toEqual(ORGANIC_RIGHTS);
    expect(storedUsageRights({ kind: "licensed", months: 99, territory: "worldwide" })).toEqual(ORGANIC_RIGHTS);
  });
});

describe("describeUsageRights", () => {
  it("says each kind in plain words, to the brand and to the influencer", () => {
    expect(describeUsageRights(ORGANIC_RIGHTS, "brand")).toBe("Post on the influencer's account only");
    expect(describeUsageRights(ORGANIC_RIGHTS, "influencer")).toBe("Post on your account only");
    expect(describeUsageRights({ kind: "licensed", months: 6, territory: "worldwide" }, "brand")).toBe(
      "Repost on your channels for 6 months, worldwide",
    );
    expect(describeUsageRights({ kind: "licensed", months: 1, territory: ["de", "fr", "it"] }, "influencer")).toBe(
      "The brand may repost on its channels for 1 month, in Germany, France and Italy",
    );
    expect(describeUsageRights({ kind: "licensed", months: 2, territory: ["us"] }, "brand")).toBe(
      "Repost on your channels for 2 months, in United States",
    );
    expect(describeUsageRights({ kind: "whitelisting", months: 3 }, "brand")).toBe(
      "Paid ads from the influencer's account for 3 months",
    );
    expect(describeUsageRights({ kind: "whitelisting", months: 3 }, "influencer")).toBe(
      "The brand may run paid ads from your account for 3 months",
    );
    expect(Object.keys(USAGE_RIGHTS_KIND_LABELS)).toEqual([...USAGE_RIGHTS_KINDS]);
  });

  it("joins a hire's lines with their networks", () => {
    expect(
      describeHiredRights(
        [
          { network: "instagram", usageRights: { kind: "whitelisting", months: 12 } },
          { network: "youtube", usageRights: ORGANIC_RIGHTS },
        ],
        "brand",
      ),
    ).toBe(
      "Instagram: Paid ads from the influencer's account for 12 months; YouTube: Post on the influencer's account only",
    );
  });
});
