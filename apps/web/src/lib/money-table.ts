const dollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const day = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

/** Amounts of the earnings and hires tables: always dollars and cents, "$1,125.00". */
export const formatUsd = (cents: number): string => dollars.format(cents / 100);

/** A credit as "+$1,125.00", a debit as "−$20.00" (a true minus sign, read as such). */
export const formatSigned = (cents: number, diffType: "credit" | "debit"): string =>
  `${diffType === "credit" ? "+" : "−"}${formatUsd(cents)}`;

/** An ISO instant as its day, "Jun 10, 2026" (UTC, as the statements date it). */
export const formatDay = (iso: string): string => day.format(new Date(iso));
