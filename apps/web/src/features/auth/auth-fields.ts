import {
  email as emailSchema,
  type FieldIssue,
  isSingleLine,
  MIN_PASSWORD_LENGTH,
  type Reason,
  USERNAME_PATTERN,
} from "@market/contracts";
import type { ParseKeys } from "i18next";
import { REASON_MESSAGE_KEYS } from "../../lib/reasons";

export type SignupKind = "brand" | "influencer";

export interface SignupValues {
  kind: SignupKind;
  username: string;
  email: string;
  password: string;
  brandName: string;
}

export type SignupField = "username" | "email" | "password" | "brandName";

export interface FieldMessage {
  key: ParseKeys;
  values?: Record<string, number>;
}

export const passwordMessage = (password: string): FieldMessage | undefined =>
  password.length < MIN_PASSWORD_LENGTH
    ? { key: "AUTH.VALIDATION.PASSWORD_MIN", values: { min: MIN_PASSWORD_LENGTH } }
    : undefined;

export const emailMessage = (value: string): FieldMessage | undefined =>
  value.trim() === ""
    ? { key: "AUTH.VALIDATION.REQUIRED" }
    : emailSchema.safeParse(value).success
      ? undefined
      : { key: "AUTH.VALIDATION.EMAIL" };

/** A brand's name: required, on one line (the trim takes line breaks off its ends, as the server's does). */
const brandNameMessage = (value: string): FieldMessage | undefined => {
  const name = value.trim();
  if (name === "") return { key: "AUTH.VALIDATION.REQUIRED" };
  return isSingleLine(name) ? undefined : { key: "VALIDATION.SINGLE_LINE" };
};

/**
 * What is wrong with each field of the sign-up form, by the same rules as the server's schema (contracts), so
 * the messages show while typing and the server rarely has to refuse.
 */
export function signupErrors(values: SignupValues): Partial<Record<SignupField, FieldMessage>> {
  const errors: Partial<Record<SignupField, FieldMessage>> = {};
  const username = values.username.trim();
  if (username === "") errors.username = { key: "AUTH.VALIDATION.REQUIRED" };
  else if (!USERNAME_PATTERN.test(username)) errors.username = { key: "AUTH.VALIDATION.USERNAME" };
  const email = emailMessage(values.email);
  if (email) errors.email = email;
  const password = passwordMessage(values.password);
  if (password) errors.password = password;
  const brandName = values.kind === "brand" ? brandNameMessage(values.brandName) : undefined;
  if (brandName) errors.brandName = brandName;
  return errors;
}

/** The form field a server reason belongs to; the others show above the form. */
export function signupFieldOfReason(reason: Reason): SignupField | null {
  switch (reason) {
    case "username_taken":
      return "username";
    case "email_taken":
      return "email";
    case "password_too_short":
      return "password";
    default:
      return null;
  }
}

/** The reason of each field the server says another account holds. */
const TAKEN_REASONS = { username: "username_taken", email: "email_taken" } as const satisfies Partial<
  Record<SignupField, Reason>
>;

const isTakenField = (part: unknown): part is keyof typeof TAKEN_REASONS =>
  typeof part === "string" && Object.hasOwn(TAKEN_REASONS, part);

/**
 * The fields a refused sign-up marks, each with its message: the field of the reason, and for a taken username
 * or email every taken field the server listed in the issues (both at once when both are taken). Empty for a
 * reason that belongs to no field.
 */
export function signupServerErrors(
  reason: Reason,
  issues: readonly FieldIssue[] = [],
): Partial<Record<SignupField, FieldMessage>> {
  const field = signupFieldOfReason(reason);
  if (!field) return {};
  const errors: Partial<Record<SignupField, FieldMessage>> = { [field]: { key: REASON_MESSAGE_KEYS[reason] } };
  if (field === "username" || field === "email") {
    for (const [part] of issues.map((issue) => issue.path)) {
      if (isTakenField(part)) errors[part] = { key: REASON_MESSAGE_KEYS[TAKEN_REASONS[part]] };
    }
  }
  return errors;
}

/** The general message of a failed auth call that belongs to no field. */
export function generalMessageOf(reason: Reason): ParseKeys {
  switch (reason) {
    case "rate_limited":
      return "GLOBAL.RATE_LIMITED";
    case "invalid":
      return "GLOBAL.INVALID";
    default:
      return "GLOBAL.GENERIC_ERROR";
  }
}

/** A wait as the login form says it: "in 45 seconds", "in 3 minutes", "in 2 hours", rounded up to its largest unit. */
export function tryAgainIn(seconds: number, locale: string): string {
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: "always" });
  if (seconds < 60) return relative.format(seconds, "second");
  if (seconds < 3600) return relative.format(Math.ceil(seconds / 60), "minute");
  return relative.format(Math.ceil(seconds / 3600), "hour");
}
