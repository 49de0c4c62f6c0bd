import { describe, expect, it } from "vitest";
import { countryName } from "./country-name";

describe("countryName", () => {
  it("names countries in English from their code, in either case", () => {
    expect(countryName("us")).toBe("United States");
    expect(countryName("FR")).toBe("France");
  });

  it("falls back to the code when it is not a country code", () => {
    expect(countryName("usa")).toBe("usa");
    expect(countryName("other")).toBe("other");
  });
});
