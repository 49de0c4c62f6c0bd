import {
  API_KEY_NAME_MAX,
  type ApiKeyAccess,
  type ApiKeyArea,
  type ApiKeyScope,
  DAY_MS,
  scopeOf,
} from "@market/contracts";
import type { FieldMessage } from "../../../lib/field-errors";

/** The expiries the create dialog offers: none, or a span from now (the server refuses more than a year). */
export const KEY_EXPIRIES = ["never", "30", "90", "365"] as const;
export type KeyExpiry = (typeof KEY_EXPIRIES)[number];

/** The old key's end a roll offers, in minutes: at once, an hour, a day (the default), a week. */
export const ROLL_ENDS = [0, 60, 1_440, 10_080] as const;
export type RollEnd = (typeof ROLL_ENDS)[number];

export interface KeyFormValues {
  name: string;
  scopes: ApiKeyScope[];
  expiry: KeyExpiry;
}

export const EMPTY_KEY_FORM: KeyFormValues = { name: "", scopes: [], expiry: "never" };

export type KeyFormField = "name" | "scopes";

/** The form's own checks, before it is sent (the server checks again). */
export function keyFormErrors(values: KeyFormValues): Partial<Record<KeyFormField, FieldMessage>> {
  const errors: Partial<Record<KeyFormField, FieldMessage>> = {};
  const name = values.name.trim();
  if (name === "") errors.name = { key: "VALIDATION.REQUIRED" };
  else if (name.length > API_KEY_NAME_MAX)
    errors.name = { key: "VALIDATION.TOO_LONG", values: { max: API_KEY_NAME_MAX } };
  if (values.scopes.length === 0) errors.scopes = { key: "SETTINGS.API.SCOPES_REQUIRED" };
  return errors;
}

/** The create call's input: the expiry as an instant `days` from `now`, or none. */
export function createKeyBody(values: KeyFormValues, now: Date) {
  const expiresAt =
    values.expiry === "never" ? null : new Date(now.getTime() + Number(values.expiry) * DAY_MS).toISOString();
  return { name: values.name.trim(), scopes: values.scopes, expiresAt };
}

/** Ticks or unticks one scope, keeping them in a stable order. */
export function toggleScope(scopes: readonly ApiKeyScope[], area: ApiKeyArea, access: ApiKeyAccess): ApiKeyScope[] {
  const scope = scopeOf(area, access);
  return scopes.includes(scope) ? scopes.filter((s) => s !== scope) : [...scopes, scope];
}

/** How the roll dialog names each end of the old key. */
export const ROLL_END_LABELS = {
  0: "SETTINGS.API.ROLL_NOW",
  60: "SETTINGS.API.ROLL_HOUR",
  1440: "SETTINGS.API.ROLL_DAY",
  10080: "SETTINGS.API.ROLL_WEEK",
} as const satisfies Record<RollEnd, string>;
