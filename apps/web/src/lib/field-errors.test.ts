import {
  brandContactInput,
  brandProfileInput,
  influencerContactInput,
  influencerProfileInput,
} from "@market/contracts";
import { describe, expect, it } from "vitest";
import en from "../locales/en.json";
import { fieldErrorsOf } from "./field-errors";

const PROFILE_FIELDS = [
  "about",
  "category",
  "city",
  "country",
  "audience.males",
  "audience.ages",
  "audience.interests",
  "audience.country",
] as const;
const profile = {
  about: "",
  category: "beauty",
  city: "",
  country: null,
  audience: { males: 50, ages: [18, 30], interests: [], country: null },
};

const errorsOf = <F extends string>(
  result: { success: boolean; error?: { issues: unknown[] } },
  fields: readonly F[],
) => fieldErrorsOf((result.error?.issues ?? []) as never, fields);

describe("fieldErrorsOf", () => {
  it("puts each issue of the influencer profile on its field", () => {
    const result = influencerProfileInput.safeParse({
      ...profile,
      category: "cooking",
      audience: { ...profile.audience, males: 101, ages: [40, 20] },
    });
    expect(errorsOf(result, PROFILE_FIELDS)).toEqual({
      category: { key: "VALIDATION.INVALID_CHOICE" },
      "audience.males": { key: "VALIDATION.TOO_BIG", values: { max: 100 } },
      "audience.ages": { key: "VALIDATION.RANGE_ORDER" },
    });
  });

  it("puts an element's issue on its list field, and the server's data prefix is dropped", () => {
    const issues = [{ code: "too_big", origin: "number", maximum: 99, path: ["data", "audience", "ages", 1] }];
    expect(fieldErrorsOf(issues, PROFILE_FIELDS)).toEqual({
      "audience.ages": { key: "VALIDATION.TOO_BIG", values: { max: 99 } },
    });
  });

  it("explains a missing brand name, a bad website and an impossible birth date", () => {
    expect(errorsOf(brandProfileInput.safeParse({ brandName: "  ", about: "" }), ["brandName", "about"])).toEqual({
      brandName: { key: "VALIDATION.REQUIRED" },
    });
    expect(errorsOf(brandContactInput.safeParse({ website: "acme" }), ["website"])).toEqual({
      website: { key: "VALIDATION.INVALID_URL" },
    });
    const date = influencerContactInput.safeParse({ birthDay: 31, birthMonth: 2, birthYear: 2000 });
    expect(errorsOf(date, ["birthDay", "birthMonth", "birthYear"])).toEqual({
      birthDay: { key: "VALIDATION.INVALID_DATE" },
    });
    const year = influencerContactInput.safeParse({ birthYear: 1914 });
    expect(errorsOf(year, ["birthDay", "birthMonth", "birthYear"])).toEqual({
      birthYear: { key: "VALIDATION.TOO_SMALL", values: { min: 1915 } },
    });
  });

  it("asks for one line where a name, a city or an interest holds a line break or a control character", () => {
    const result = influencerProfileInput.safeParse({
      ...profile,
      city: "Paris\nLyon",
      audience: { ...profile.audience, interests: ["travel", "food\u0007"] },
    });
    expect(errorsOf(result, PROFILE_FIELDS)).toEqual({
      city: { key: "VALIDATION.SINGLE_LINE" },
      "audience.interests": { key: "VALIDATION.SINGLE_LINE" },
    });
    const brand = brandProfileInput.safeParse({ brandName: "Acme\u2028Inc", about: "We make\nthings." });
    expect(errorsOf(brand, ["brandName", "about"])).toEqual({ brandName: { key: "VALIDATION.SINGLE_LINE" } });
  });

  it("keeps an issue of no field under the empty key", () => {
    expect(fieldErrorsOf([{ code: "unrecognized_keys", path: [] }], ["about"])).toEqual({
      "": { key: "VALIDATION.INVALID" },
    });
  });

  it("has an English message for every key it uses", () => {
    for (const key of Object.keys(en.VALIDATION))
      expect(en.VALIDATION[key as keyof typeof en.VALIDATION]).toEqual(expect.any(String));
    expect(Object.keys(en.VALIDATION).sort()).toEqual([
      "INVALID",
      "INVALID_CHOICE",
      "INVALID_DATE",
      "INVALID_FORMAT",
      "INVALID_URL",
      "RANGE_ORDER",
      "REQUIRED",
      "SINGLE_LINE",
      "TOO_BIG",
      "TOO_LONG",
      "TOO_MANY",
      "TOO_SHORT",
      "TOO_SMALL",
    ]);
  });
});
