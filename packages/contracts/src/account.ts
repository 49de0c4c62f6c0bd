import { z } from "zod";
import { AGE_FILTER, BIRTH_YEARS, MIN_PASSWORD_LENGTH } from "./constants";
import { category } from "./enum-schemas";
import { BRAND_NOTIFICATION_KEYS, INFLUENCER_NOTIFICATION_KEYS } from "./enums";
import { singleLine } from "./text";

/**
 * Inputs of the accounts slice (spec sections 3, 5, 7): sign-up, login, passwords, settings, help.
 * Lengths the spec leaves open are generous but bounded, so no field can carry a megabyte.
 */

const trimmed = (max: number) => z.string().trim().max(max);
/** A name, a city, an address line: trimmed, one line. */
const trimmedLine = (max: number) => singleLine(trimmed(max));
/** An optional single-line field: an empty string clears it. */
const optionalLine = (max: number) => trimmedLine(max).optional();
/** A brand's name, at sign-up and in the settings. */
const brandName = trimmedLine(100).min(1);

export const USERNAME_PATTERN = /^[a-zA-Z0-9_.]{3,30}$/;
export const username = z.string().trim().regex(USERNAME_PATTERN, "3 to 30 letters, digits, dots or underscores");
export const email = z.string().trim().toLowerCase().max(254).pipe(z.email());
/** A new password; its minimum length is checked by the service so it can answer `password_too_short`. */
export const newPassword = z.string().max(256);
export { MIN_PASSWORD_LENGTH };

export const signUpInput = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("brand"), username, email, password: newPassword, brandName }),
  z.object({ kind: z.literal("influencer"), username, email, password: newPassword }),
]);
export type SignUpInput = z.infer<typeof signUpInput>;

/** `login` is a username or an email address. */
export const loginInput = z.object({ login: trimmed(254).min(1), password: z.string().min(1).max(256) });
export type LoginInput = z.infer<typeof loginInput>;

export const requestPasswordResetInput = z.object({ email });
export const resetPasswordInput = z.object({ token: z.string().min(1).max(200), newPassword });
export const changePasswordInput = z.object({ currentPassword: z.string().min(1).max(256), newPassword });
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;

const countryCode = z.string().trim().toLowerCase().length(2);

/** Audience interests: at most this many, each at most AUDIENCE_INTEREST_MAX_LENGTH characters. */
export const AUDIENCE_INTERESTS_MAX = 10;
export const AUDIENCE_INTEREST_MAX_LENGTH = 40;

export const audienceInput = z.object({
  /** Percent of males; females are 100 minus this. */
  males: z.number().int().min(0).max(100),
  ages: z
    .tuple([
      z.number().int().min(AGE_FILTER.min).max(AGE_FILTER.max),
      z.number().int().min(AGE_FILTER.min).max(AGE_FILTER.max),
    ])
    .refine(([min, max]) => min <= max, { message: "min must not exceed max" }),
  interests: z.array(trimmedLine(AUDIENCE_INTEREST_MAX_LENGTH).min(1)).max(AUDIENCE_INTERESTS_MAX),
  country: countryCode.nullable(),
});

export const influencerProfileInput = z.object({
  about: trimmed(2000),
  category: category.nullable(),
  city: trimmedLine(100),
  country: countryCode.nullable(),
  audience: audienceInput,
});
export type InfluencerProfileInput = z.infer<typeof influencerProfileInput>;

/** The onboarding modal's subset of the influencer profile (spec section 2: category, location and audience). */
export const saveOnboardingProfileInput = influencerProfileInput
  .pick({ category: true, city: true, country: true })
  .extend({ audience: audienceInput.pick({ males: true, ages: true }) });
export type SaveOnboardingProfileInput = z.infer<typeof saveOnboardingProfileInput>;

export const brandProfileInput = z.object({ brandName, about: trimmed(2000) });
export type BrandProfileInput = z.infer<typeof brandProfileInput>;

/**
 * Someone as the other party reads them, where a screen or a mail says who did something (a notification's sender,
 * a chat message's): `name` is what the product calls them, a brand its company name (brand_name; its username
 * when that is empty, as on accounts from before it was asked) and an influencer its username, which the spec shows
 * influencers by. `username` stays the account's handle. The server's accountNameSql is the one rule that makes it.
 */
export const namedAccount = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  picture: z.string().nullable(),
});
export type NamedAccount = z.infer<typeof namedAccount>;

const contactFields = {
  firstName: optionalLine(100),
  lastName: optionalLine(100),
  phone: optionalLine(40),
  address: optionalLine(200),
  address2: optionalLine(200),
  city: optionalLine(100),
  state: optionalLine(100),
  zipcode: optionalLine(20),
  country: countryCode.or(z.literal("")).optional(),
};

export const brandContactInput = z.object({
  ...contactFields,
  website: z.union([z.literal(""), singleLine(z.url({ protocol: /^https?$/ }).max(300))]).optional(),
});

export const influencerContactInput = z
  .object({
    ...contactFields,
    birthDay: z.number().int().min(1).max(31).nullable().optional(),
    birthMonth: z.number().int().min(1).max(12).nullable().optional(),
    birthYear: z.number().int().min(BIRTH_YEARS.min).max(BIRTH_YEARS.max).nullable().optional(),
  })
  .refine(
    ({ birthDay, birthMonth, birthYear }) =>
      !birthDay ||
      !birthMonth ||
      !birthYear ||
      new Date(Date.UTC(birthYear, birthMonth - 1, birthDay)).getUTCDate() === birthDay,
    { message: "not a calendar date", path: ["birthDay"] },
  );

export const brandNotificationsInput = z.object(
  Object.fromEntries(BRAND_NOTIFICATION_KEYS.map((key) => [key, z.boolean()])) as Record<
    (typeof BRAND_NOTIFICATION_KEYS)[number],
    z.ZodBoolean
  >,
);
export const influencerNotificationsInput = z.object(
  Object.fromEntries(INFLUENCER_NOTIFICATION_KEYS.map((key) => [key, z.boolean()])) as Record<
    (typeof INFLUENCER_NOTIFICATION_KEYS)[number],
    z.ZodBoolean
  >,
);

/**
 * Body of POST /api/settings. `data` is checked against the schema of the field for the caller's kind by the
 * service (a brand's profile is not an influencer's).
 */
export const saveSettingsInput = z.object({
  field: z.enum(["profile", "contact", "notifications"]),
  data: z.unknown(),
});
export type SaveSettingsInput = z.infer<typeof saveSettingsInput>;

export const HELP_QUESTION_MAX_LENGTH = 5000;
export const askForHelpInput = z.object({
  text: trimmed(HELP_QUESTION_MAX_LENGTH).min(1, "The question must not be empty"),
});
export type AskForHelpInput = z.infer<typeof askForHelpInput>;
