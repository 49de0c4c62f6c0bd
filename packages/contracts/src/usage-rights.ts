import { z } from "zod";
import { COUNTRY_CODES, type CountryCode } from "./countries";

/**
 * Usage rights (issue 37, point 4): what the brand may do with the content of one hired network, stated by the
 * influencer on each line of the proposal and priced with it. `organic`: the post stays on the influencer's account
 * only (the default, and what every line written before usage rights existed reads as); `licensed`: the brand may
 * also repost it on its own channels for some months, worldwide or in listed countries; `whitelisting`: the brand
 * may run paid ads from the influencer's account for some months.
 */
export const USAGE_RIGHTS_KINDS = ["organic", "licensed", "whitelisting"] as const;
export type UsageRightsKind = (typeof USAGE_RIGHTS_KINDS)[number];

/** How long a licence or a whitelisting lasts, in whole months. */
export const USAGE_RIGHTS_MONTHS = { min: 1, max: 24 } as const;
/** A licence's territory lists at most this many countries (beyond it, worldwide is what is meant). */
export const USAGE_TERRITORY_MAX_COUNTRIES = 50;

const KIND_MESSAGE = `Choose the usage rights: ${USAGE_RIGHTS_KINDS.join(", ")}.`;
const MONTHS_MESSAGE = `A whole number of months from ${USAGE_RIGHTS_MONTHS.min} to ${USAGE_RIGHTS_MONTHS.max}.`;
const TERRITORY_MESSAGE = `"worldwide" or a list of 1 to ${USAGE_TERRITORY_MAX_COUNTRIES} country codes.`;
const COUNTRY_MESSAGE = "Not a known country code.";

const KNOWN_COUNTRIES = new Set<string>(COUNTRY_CODES);

const months = z
  .number({ error: MONTHS_MESSAGE })
  .int(MONTHS_MESSAGE)
  .min(USAGE_RIGHTS_MONTHS.min, MONTHS_MESSAGE)
  .max(USAGE_RIGHTS_MONTHS.max, MONTHS_MESSAGE);

/**
 * Where a licence holds: "worldwide", or countries as ISO codes (case-insensitive), 1 to
 * USAGE_TERRITORY_MAX_COUNTRIES of them, each unknown or repeated one marked at its own index. The countries are
 * answered lowercase and sorted, so that the same territory always compares (and is stored) the same.
 */
export const usageTerritory = z
  .union([z.literal("worldwide"), z.array(z.string({ error: COUNTRY_MESSAGE }))], { error: TERRITORY_MESSAGE })
  .transform((territory, context): "worldwide" | CountryCode[] => {
    if (territory === "worldwide") return territory;
    if (territory.length === 0 || territory.length > USAGE_TERRITORY_MAX_COUNTRIES) {
      context.addIssue({ code: "custom", message: TERRITORY_MESSAGE });
      return z.NEVER;
    }
    const seen = new Set<string>();
    territory.forEach((raw, index) => {
      const code = raw.trim().toLowerCase();
      if (!KNOWN_COUNTRIES.has(code)) context.addIssue({ code: "custom", path: [index], message: COUNTRY_MESSAGE });
      else if (seen.has(code))
        context.addIssue({ code: "custom", path: [index], message: "This country is listed twice." });
      seen.add(code);
    });
    return [...seen].sort() as CountryCode[];
  });
export type UsageTerritory = z.output<typeof usageTerritory>;

/**
 * One line's usage rights. Strict objects: a field that does not belong to the kind (months on organic) is refused
 * rather than silently dropped, so that nobody believes they sold or bought what the line does not say.
 */
export const usageRights = z.discriminatedUnion(
  "kind",
  [
    z.object({ kind: z.literal("organic") }).strict(),
    z.object({ kind: z.literal("licensed"), months, territory: usageTerritory }).strict(),
    z.object({ kind: z.literal("whitelisting"), months }).strict(),
  ],
  { error: KIND_MESSAGE },
);
export type UsageRightsInput = z.input<typeof usageRights>;
export type UsageRights = z.output<typeof usageRights>;

/** The default: the post on the influencer's account only. */
export const ORGANIC_RIGHTS: UsageRights = Object.freeze({ kind: "organic" });

/** A line's rights as a string that is equal exactly when the rights are (the territory is kept sorted). */
export function usageRightsKey(rights: UsageRights): string {
  switch (rights.kind) {
    case "organic":
      return "organic";
    case "licensed":
      return `licensed:${rights.months}:${rights.territory === "worldwide" ? "worldwide" : rights.territory.join(",")}`;
    case "whitelisting":
      return `whitelisting:${rights.months}`;
  }
}

export const sameUsageRights = (a: UsageRights, b: UsageRights): boolean => usageRightsKey(a) === usageRightsKey(b);

/**
 * Rights read back from storage or from an answer: a value the schema refuses (which no write lets through) reads
 * as organic, the narrowest grant, rather than breaking the page that shows it.
 */
export function storedUsageRights(value: unknown): UsageRights {
  const parsed = usageRights.safeParse(value);
  return parsed.success ? parsed.data : ORGANIC_RIGHTS;
}
