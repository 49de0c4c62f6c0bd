import {
  DAY_MS,
  DEADLINE_WARNING_MS,
  HOUR_MS,
  MINUTE_MS,
  OPTION_ALL,
  PRICE_RANGE_BOUNDS,
  type PriceRange,
} from "@market/contracts";

/**
 * Display rules of a deal (a brand's campaign), shared by the brand's campaign screens, the influencer's deal page
 * and Find deals; in English as the rest of the app.
 */

const dollars = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const day = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });
const languages = new Intl.DisplayNames(["en"], { type: "language" });

/** A price range per post (spec section 9): "$25–$100", the open-ended one as "$10,000+". */
export function priceRangeLabel(price: PriceRange): string {
  const { min, max } = PRICE_RANGE_BOUNDS[price];
  return max === null ? `${dollars.format(min)}+` : `${dollars.format(min)}–${dollars.format(max)}`;
}

/** The deadline's day: "Jan 5, 2027". */
export const formatDeadline = (deadline: Date): string => day.format(deadline);

export type Remaining = { unit: "closed" } | { unit: "days" | "hours" | "minutes"; count: number; soon: boolean };

/**
 * The time left before the deadline (remainingDuration, 0 meaning closed) in its largest whole unit; `soon`
 * under the spec's deadline warning (4 days).
 */
export function remainingTime(ms: number): Remaining {
  if (ms <= 0) return { unit: "closed" };
  const soon = ms < DEADLINE_WARNING_MS;
  if (ms >= DAY_MS) return { unit: "days", count: Math.floor(ms / DAY_MS), soon };
  if (ms >= HOUR_MS) return { unit: "hours", count: Math.floor(ms / HOUR_MS), soon };
  return { unit: "minutes", count: Math.max(1, Math.floor(ms / MINUTE_MS)), soon };
}

/** "en" -> "English"; the code itself when unknown. */
export function languageName(code: string): string {
  try {
    return languages.of(code) ?? code;
  } catch {
    return code;
  }
}

export type AudienceEntry = { kind: "all" } | { kind: "other" } | { kind: "named"; name: string };

/** The audience countries or languages of a campaign: "all" alone, or each named, "other" kept for the caller. */
export function audienceEntries(codes: readonly string[], name: (code: string) => string): AudienceEntry[] {
  if (codes.includes(OPTION_ALL)) return [{ kind: "all" }];
  return codes.map((code) => (code === "other" ? { kind: "other" } : { kind: "named", name: name(code) }));
}
