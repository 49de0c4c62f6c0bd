import type { NetworkType } from "./enums";
import type { UsageRights, UsageTerritory } from "./usage-rights";

/**
 * Usage rights in plain words: the one formatter of the application page, the hire table, the checkout, the
 * proposal form and both CSV statements, so that every place says the same thing. Worded for the reader: the brand
 * reads what it may do ("Repost on your channels…"), the influencer what they grant ("The brand may repost…").
 */
export type UsageRightsReader = "brand" | "influencer";

const regions = new Intl.DisplayNames(["en"], { type: "region" });

function countryName(code: string): string {
  try {
    return regions.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** ["France", "Germany", "Italy"] -> "France, Germany and Italy". */
function listed(names: readonly string[]): string {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

const monthsText = (months: number) => `${months} ${months === 1 ? "month" : "months"}`;

/** "worldwide", or "in France and Germany". */
export function territoryText(territory: UsageTerritory): string {
  return territory === "worldwide" ? "worldwide" : `in ${listed(territory.map(countryName))}`;
}

/** e.g. "Repost on your channels for 6 months, worldwide" (brand) or "Post on your account only" (influencer). */
export function describeUsageRights(rights: UsageRights, reader: UsageRightsReader): string {
  const brand = reader === "brand";
  switch (rights.kind) {
    case "organic":
      return brand ? "Post on the influencer's account only" : "Post on your account only";
    case "licensed": {
      const what = brand ? "Repost on your channels" : "The brand may repost on its channels";
      return `${what} for ${monthsText(rights.months)}, ${territoryText(rights.territory)}`;
    }
    case "whitelisting":
      return brand
        ? `Paid ads from the influencer's account for ${monthsText(rights.months)}`
        : `The brand may run paid ads from your account for ${monthsText(rights.months)}`;
  }
}

/** The kind's short name, as the proposal form's choice and the chat's lines name it. */
export const USAGE_RIGHTS_KIND_LABELS = {
  organic: "Organic",
  licensed: "Licensed",
  whitelisting: "Whitelisting",
} as const satisfies Record<UsageRights["kind"], string>;

/** Each network's name as the usage rights and the receipts write it. */
export const NETWORK_NAMES: Record<NetworkType, string> = {
  facebook: "Facebook",
  twitter: "Twitter",
  youtube: "YouTube",
  instagram: "Instagram",
  snapchat: "Snapchat",
  pinterest: "Pinterest",
  tumblr: "Tumblr",
  blog: "Blog",
};

/**
 * The rights of a hire's networks in one line, as the statements' column holds them:
 * "Instagram: Repost on your channels for 6 months, worldwide; YouTube: Post on the influencer's account only".
 */
export function describeHiredRights(
  lines: readonly { network: NetworkType; usageRights: UsageRights }[],
  reader: UsageRightsReader,
): string {
  return lines
    .map((line) => `${NETWORK_NAMES[line.network]}: ${describeUsageRights(line.usageRights, reader)}`)
    .join("; ");
}
