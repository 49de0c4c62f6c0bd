const day = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

/** An ISO instant as its day, "Jun 10, 2026" (UTC, as the statements date it): the earnings and hires tables. */
export const formatDay = (iso: string): string => day.format(new Date(iso));
