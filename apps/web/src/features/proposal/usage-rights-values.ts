import type { CountryCode, UsageRights, UsageRightsInput, UsageRightsKind } from "@market/contracts";

/**
 * A proposal line's usage rights as the form holds them (issue 37): the kind, the months as typed, and the
 * licence's countries (none chosen: worldwide). rightsInputOf turns them into what contracts' usageRights parses,
 * so the form refuses exactly what the server would.
 */
export interface RightsValues {
  kind: UsageRightsKind;
  months: string;
  countries: CountryCode[];
}

export const ORGANIC_VALUES: RightsValues = { kind: "organic", months: "", countries: [] };

/** The form's values of stored rights (update mode, change mode). */
export function rightsValuesOf(rights: UsageRights): RightsValues {
  switch (rights.kind) {
    case "organic":
      return ORGANIC_VALUES;
    case "licensed":
      return {
        kind: "licensed",
        months: String(rights.months),
        countries: rights.territory === "worldwide" ? [] : rights.territory,
      };
    case "whitelisting":
      return { kind: "whitelisting", months: String(rights.months), countries: [] };
  }
}

/** Months as typed: digits are a number, anything else is sent as typed for the schema to refuse. */
const monthsOf = (value: string): number | string => (/^\d+$/.test(value.trim()) ? Number(value.trim()) : value);

/** The values as the usageRights schema's input. */
export function rightsInputOf(values: RightsValues): UsageRightsInput {
  switch (values.kind) {
    case "organic":
      return { kind: "organic" };
    case "licensed":
      return {
        kind: "licensed",
        months: monthsOf(values.months) as number,
        territory: values.countries.length === 0 ? "worldwide" : values.countries,
      };
    case "whitelisting":
      return { kind: "whitelisting", months: monthsOf(values.months) as number };
  }
}

/** A line's values with its stored rights: organic (the default) is left out, as on a blank line. */
export const withRights = <T extends object>(values: T, rights: UsageRights): T & { rights?: RightsValues } =>
  rights.kind === "organic" ? values : { ...values, rights: rightsValuesOf(rights) };

export const sameRightsValues = (a: RightsValues, b: RightsValues): boolean =>
  a.kind === b.kind && a.months === b.months && a.countries.join(",") === b.countries.join(",");
