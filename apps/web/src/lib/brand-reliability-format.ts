/**
 * A brand's reliability as the web words it (issue 40, point 2): its profile page, its deal page and the deal
 * search cards. Each function answers an i18n key under BRAND_PROFILE and its values, so the texts stay in the
 * locale file.
 */

type TimeKey = "BRAND_PROFILE.TIME.UNDER_HOUR" | "BRAND_PROFILE.TIME.HOURS" | "BRAND_PROFILE.TIME.DAYS";

/** A median time from work done to release: hours under two days, else days to one decimal. */
export function releaseTime(hours: number): { key: TimeKey; count: number } {
  if (hours < 1) return { key: "BRAND_PROFILE.TIME.UNDER_HOUR", count: 1 };
  if (hours < 48) return { key: "BRAND_PROFILE.TIME.HOURS", count: Math.round(hours) };
  return { key: "BRAND_PROFILE.TIME.DAYS", count: Math.round((hours / 24) * 10) / 10 };
}

/** A share from 0 to 1 as a whole percent: 0.2 -> "20%", a tiny non-zero share "<1%", never a made-up 0. */
export function sharePercent(share: number): string {
  if (share > 0 && share < 0.005) return "<1%";
  return `${Math.round(share * 100)}%`;
}
