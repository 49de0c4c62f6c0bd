/**
 * The one way the product writes an amount of money (issue 32): US dollars, always with their cents, "$1,250.00",
 * "$27.50". The screens, the chat's lines, the notifications and the mails all call it, so that the same amount (the
 * $20.00 minimum payout, a hire's total) reads the same wherever a person meets it. Not for the CSV statements
 * (plain numbers a spreadsheet reads), the payout providers' wire amounts, nor the names of the deal search's price
 * buckets ("$25–$100"), which are labels rather than amounts.
 */

const dollars = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** A true minus sign, read as such by screen readers, where Intl writes a hyphen. */
const MINUS = "\u2212";

/** Cents as dollars and cents: 125_000 -> "$1,250.00", 2_750 -> "$27.50", -5_000 -> "−$50.00". */
export const formatUsd = (cents: number): string => `${cents < 0 ? MINUS : ""}${dollars.format(Math.abs(cents) / 100)}`;

/** A ledger movement of `cents` (not negative) with its direction: a credit "+$1,125.00", a debit "−$20.00". */
export const formatSignedUsd = (cents: number, diffType: "credit" | "debit"): string =>
  `${diffType === "credit" ? "+" : MINUS}${formatUsd(cents)}`;
