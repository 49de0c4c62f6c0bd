import { influencerContactInput, influencerProfileInput } from "@market/contracts";
import { describe, expect, it } from "vitest";
import {
  contactData,
  contactValues,
  femalePercent,
  influencerProfileData,
  influencerProfileValues,
  passwordFormErrors,
  withInterest,
} from "./forms";

describe("influencer profile form", () => {
  it("starts an untold audience at ages 18-30 and 50% males, and sends what the schema accepts", () => {
    const values = influencerProfileValues({
      about: "",
      category: null,
      city: "",
      country: null,
      audience: { males: null, ages: null, interests: [], country: null },
    });
    expect(values).toMatchObject({ category: "", country: "", males: 50, ages: [18, 30], audienceCountry: "" });
    const data = influencerProfileData(values);
    expect(data).toEqual({
      about: "",
      category: null,
      city: "",
      country: null,
      audience: { males: 50, ages: [18, 30], interests: [], country: null },
    });
    expect(influencerProfileInput.safeParse(data).success).toBe(true);
  });

  it("shows the female share as 100 minus the males", () => {
    expect(femalePercent(35)).toBe(65);
    expect(femalePercent(100)).toBe(0);
  });

  it("adds trimmed interests once", () => {
    expect(withInterest(["Running"], "  trail ")).toEqual(["Running", "trail"]);
    expect(withInterest(["Running"], "running")).toEqual(["Running"]);
    expect(withInterest(["Running"], "   ")).toEqual(["Running"]);
  });
});

describe("contact form", () => {
  it("holds the birth date as select strings and sends numbers or null", () => {
    const values = contactValues({
      firstName: "Ana",
      lastName: "",
      phone: "",
      address: "",
      address2: "",
      city: "",
      state: "",
      zipcode: "",
      country: "pt",
      birthDay: 29,
      birthMonth: 2,
      birthYear: null,
    });
    expect(values).toMatchObject({ birthDay: "29", birthMonth: "2", birthYear: "", country: "pt" });
    const data = contactData(values);
    expect(data).toMatchObject({ birthDay: 29, birthMonth: 2, birthYear: null, firstName: "Ana" });
    expect(influencerContactInput.safeParse(data).success).toBe(true);
  });
});

describe("password form", () => {
  it("requires the current password and a new one of at least 8 characters", () => {
    expect(passwordFormErrors({ currentPassword: "", newPassword: "1234567" })).toEqual({
      currentPassword: { key: "VALIDATION.REQUIRED" },
      newPassword: { key: "PASSWORD.TOO_SHORT" },
    });
    expect(passwordFormErrors({ currentPassword: "old", newPassword: "12345678" })).toEqual({});
  });
});
