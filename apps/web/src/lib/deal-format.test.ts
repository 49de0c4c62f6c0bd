import { HOUR_MS } from "@market/contracts";
import { describe, expect, it } from "vitest";
import { countryName } from "./country-name";
import { audienceEntries, languageName, priceRangeLabel, remainingTime } from "./deal-format";

describe("priceRangeLabel", () => {
  it("shows both bounds, or the open-ended top range with a plus", () => {
    expect(priceRangeLabel("p25_100")).toBe("$25–$100");
    expect(priceRangeLabel("p1000_2500")).toBe("$1,000–$2,500");
    expect(priceRangeLabel("p10000")).toBe("$10,000+");
  });
});

describe("remainingTime", () => {
  it("is closed at 0", () => {
    expect(remainingTime(0)).toEqual({ unit: "closed" });
  });
  it("uses the largest whole unit and flags under 4 days", () => {
    expect(remainingTime(10 * 24 * HOUR_MS + 5)).toEqual({ unit: "days", count: 10, soon: false });
    expect(remainingTime(345_600_000)).toEqual({ unit: "days", count: 4, soon: false });
    expect(remainingTime(345_599_999)).toEqual({ unit: "days", count: 3, soon: true });
    expect(remainingTime(5 * HOUR_MS + 1)).toEqual({ unit: "hours", count: 5, soon: true });
    expect(remainingTime(30_000)).toEqual({ unit: "minutes", count: 1, soon: true });
  });
});

describe("audience names", () => {
  it("names languages in English", () => {
    expect(languageName("fr")).toBe("French");
  });
  it("keeps all alone and other apart", () => {
    expect(audienceEntries(["all", "us"], countryName)).toEqual([{ kind: "all" }]);
    expect(audienceEntries(["de", "other"], countryName)).toEqual([
      { kind: "named", name: "Germany" },
      { kind: "other" },
    ]);
  });
});
