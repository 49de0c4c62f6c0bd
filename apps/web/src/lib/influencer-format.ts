import { countryName } from "./country-name";

/**
 * Display rules of an influencer's numbers and place (spec section 2), shared by the card, the profile, the
 * settings and the deal page; in English as the rest of the app (amounts of money: formatUsd of the contracts).
 */

const compact = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat("en-US");
const twoDecimals = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 950 -> "950", 12_345 -> "12.3K", 1_234_567 -> "1.2M". */
export const formatFollowers = (followers: number): string => compact.format(followers);

/** 1234567 -> "1,234,567". */
export const formatCount = (value: number): string => whole.format(value);

/** 2.3456 -> "2.35%". */
export const formatEngagement = (percent: number): string => `${twoDecimals.format(percent)}%`;

/** "City, Country", either part alone, or null when neither is known. */
export function formatLocation(city: string | null, country: string | null): string | null {
  const parts = [city, country && countryName(country)].filter((part): part is string => Boolean(part));
  return parts.length > 0 ? parts.join(", ") : null;
}
