import { type Category, MIN_PASSWORD_LENGTH, ONBOARDING_DEFAULTS } from "@market/contracts";
import type { FieldMessage } from "../../lib/field-errors";
import type { BrandSettings, InfluencerSettings } from "./use-settings";

/** The influencer profile form as the screen holds it; "" in a select means not chosen. */
export interface InfluencerProfileValues {
  about: string;
  category: Category | "";
  city: string;
  country: string;
  males: number;
  ages: [number, number];
  interests: string[];
  audienceCountry: string;
}

/** Sliders of an audience never told start at the onboarding defaults (spec section 9: ages 18-30, males 50). */
export function influencerProfileValues(profile: InfluencerSettings["profile"]): InfluencerProfileValues {
  return {
    about: profile.about,
    category: profile.category ?? "",
    city: profile.city,
    country: profile.country ?? "",
    males: profile.audience.males ?? ONBOARDING_DEFAULTS.males,
    ages: profile.audience.ages ?? [ONBOARDING_DEFAULTS.ages[0], ONBOARDING_DEFAULTS.ages[1]],
    interests: profile.audience.interests,
    audienceCountry: profile.audience.country ?? "",
  };
}

/** The data of POST /api/settings for the form (contracts influencerProfileInput). */
export function influencerProfileData(values: InfluencerProfileValues) {
  return {
    about: values.about,
    category: values.category === "" ? null : values.category,
    city: values.city,
    country: values.country === "" ? null : values.country,
    audience: {
      males: values.males,
      ages: values.ages,
      interests: values.interests,
      country: values.audienceCountry === "" ? null : values.audienceCountry,
    },
  };
}

/** Adds an interest unless it is blank or already there (case-insensitively). */
export function withInterest(interests: readonly string[], interest: string): string[] {
  const trimmed = interest.trim();
  if (trimmed === "" || interests.some((known) => known.toLowerCase() === trimmed.toLowerCase())) return [...interests];
  return [...interests, trimmed];
}

/** The audience's female share: what is not male (spec section 3). */
export const femalePercent = (males: number): number => 100 - males;

type BirthField = "birthDay" | "birthMonth" | "birthYear";

/** The contact form of either kind: text fields as typed, birth date selects as strings ("" for none). */
export type ContactValues = Record<string, string>;

export function contactValues(contact: BrandSettings["contact"] | InfluencerSettings["contact"]): ContactValues {
  return Object.fromEntries(Object.entries(contact).map(([key, value]) => [key, value === null ? "" : String(value)]));
}

const BIRTH_FIELDS: readonly string[] = ["birthDay", "birthMonth", "birthYear"] satisfies BirthField[];

/** The data of POST /api/settings for the contact form: birth date selects as numbers or null. */
export function contactData(values: ContactValues): Record<string, string | number | null> {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) =>
      BIRTH_FIELDS.includes(key) ? [key, value === "" ? null : Number(value)] : [key, value],
    ),
  );
}

export type PasswordField = "currentPassword" | "newPassword";

/** What the form finds wrong before sending (spec section 5: current password required, new one of 8 or more). */
export function passwordFormErrors(
  values: Record<PasswordField, string>,
): Partial<Record<PasswordField, FieldMessage>> {
  const errors: Partial<Record<PasswordField, FieldMessage>> = {};
  if (values.currentPassword === "") errors.currentPassword = { key: "VALIDATION.REQUIRED" };
  if (values.newPassword.length < MIN_PASSWORD_LENGTH) errors.newPassword = { key: "PASSWORD.TOO_SHORT" };
  return errors;
}
