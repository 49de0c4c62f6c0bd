import { describe, expect, it } from "vitest";
import { femalePercent, initialOnboardingForm, toOnboardingInput } from "./onboarding-form";

describe("onboarding form", () => {
  it("starts with ages 18-30 and 50 % males, nothing else chosen", () => {
    expect(initialOnboardingForm()).toEqual({ category: "", city: "", country: "", males: 50, ages: [18, 30] });
  });

  it("gives females what males leave", () => {
    expect(femalePercent(50)).toBe(50);
    expect(femalePercent(35)).toBe(65);
    expect(femalePercent(100)).toBe(0);
  });

  it("turns unchosen selects into nulls and trims the city", () => {
    expect(toOnboardingInput(initialOnboardingForm())).toEqual({
      ok: true,
      input: { category: null, city: "", country: null, audience: { males: 50, ages: [18, 30] } },
    });
    expect(toOnboardingInput({ category: "music", city: " Lyon ", country: "fr", males: 35, ages: [21, 34] })).toEqual({
      ok: true,
      input: { category: "music", city: "Lyon", country: "fr", audience: { males: 35, ages: [21, 34] } },
    });
  });

  it("names the fields the server would refuse", () => {
    expect(toOnboardingInput({ category: "", city: "x".repeat(101), country: "", males: 50, ages: [40, 20] })).toEqual({
      ok: false,
      fields: ["city", "ages"],
    });
  });
});
