const counts = new Intl.NumberFormat("en-US");
const rates = new Intl.NumberFormat("en-US", { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 2 });
const days = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

/** 12345 -> "12,345". */
export const formatCount = (value: number): string => counts.format(value);

/** 0.0382 -> "3.82%"; null (no views) -> the dash the tables show for "no figure". */
export const formatRate = (rate: number | null): string => (rate === null ? "—" : rates.format(rate));

/** A bucket's first day, "Jun 1" (UTC, as the report counts days). */
export const formatBucketDay = (day: string): string => days.format(new Date(`${day}T00:00:00Z`));
