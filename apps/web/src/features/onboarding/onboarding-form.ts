import {
  type Category,
  ONBOARDING_DEFAULTS,
  type SaveOnboardingProfileInput,
  saveOnboardingProfileInput,
} from "@market/contracts";

/** The influencer onboarding form as the screen holds it; "" in a select means not chosen. */
export interface OnboardingFormValues {
  category: Category | "";
  city: string;
  country: string;
  males: number;
  ages: [number, number];
}

export type OnboardingField = "category" | "city" | "country" | "males" | "ages";

/** Spec section 9: the sliders start at ages 18-30 and 50 % males. */
export function initialOnboardingForm(): OnboardingFormValues {
  return {
    category: "",
    city: "",
    country: "",
    males: ONBOARDING_DEFAULTS.males,
    ages: [ONBOARDING_DEFAULTS.ages[0], ONBOARDING_DEFAULTS.ages[1]],
  };
}

/** The audience's female share: what is not male (spec section 3). */
export const femalePercent = (males: number): number => 100 - males;

const FIELD_OF_PATH: Record<string, OnboardingField> = {
  category: "category",
  city: "city",
  country: "country",
  "audience.males": "males",
  "audience.ages": "ages",
};

/** The form checked against the server's schema: the input to send, or the fields to mark invalid. */
export function toOnboardingInput(
  values: OnboardingFormValues,
): { ok: true; input: SaveOnboardingProfileInput } | { ok: false; fields: OnboardingField[] } {
  const result = saveOnboardingProfileInput.safeParse({
    category: values.category === "" ? null : values.category,
    city: values.city,
    country: values.country === "" ? null : values.country,
    audience: { males: values.males, ages: values.ages },
  });
  if (result.success) return { ok: true, input: result.data };
  const fields = result.error.issues.map((issue) => FIELD_OF_PATH[issue.path.slice(0, 2).join(".")] ?? "category");
  return { ok: false, fields: [...new Set(fields)] };
}
