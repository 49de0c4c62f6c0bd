import { describe, expect, it } from "vitest";
import { shownTabs, TABS_OF, tabOf, validateSettingsSearch } from "./tabs";

describe("account tabs", () => {
  it("gives brands and influencers the spec's tabs in order, then issue 39's API keys and webhooks", () => {
    expect(TABS_OF.brand).toEqual(["profile", "general", "payment", "password", "notifications", "api", "webhooks"]);
    expect(TABS_OF.influencer).toEqual([
      "networks",
      "profile",
      "general",
      "password",
      "notifications",
      "api",
      "webhooks",
    ]);
  });

  it("hides the API tab from an admin acting as the user, who lands on the first tab instead", () => {
    expect(shownTabs("brand", true)).toEqual([
      "profile",
      "general",
      "payment",
      "password",
      "notifications",
      "webhooks",
    ]);
    expect(shownTabs("influencer", false)).toContain("api");
    expect(tabOf("brand", "api", shownTabs("brand", true))).toBe("profile");
    expect(tabOf("brand", "api", shownTabs("brand", false))).toBe("api");
  });

  it.each([
    ["brand", undefined, "profile"],
    ["brand", "payment", "payment"],
    ["brand", "networks", "profile"],
    ["brand", "nonsense", "profile"],
    ["influencer", undefined, "networks"],
    ["influencer", "password", "password"],
    ["influencer", "payment", "networks"],
    ["influencer", 3, "networks"],
  ] as const)("a %s with p=%s is on %s", (kind, p, tab) => {
    expect(tabOf(kind, p)).toBe(tab);
  });

  it("keeps only string parameters", () => {
    expect(validateSettingsSearch({ p: "general", error: "followers", other: 1 })).toEqual({
      p: "general",
      error: "followers",
    });
    expect(validateSettingsSearch({ p: 2, error: ["x"] })).toEqual({});
    expect(
      validateSettingsSearch({ p: "networks", linked: "youtube", refreshed: "instagram", next: "/deals/3", x: "y" }),
    ).toEqual({ p: "networks", linked: "youtube", refreshed: "instagram", next: "/deals/3" });
  });
});
