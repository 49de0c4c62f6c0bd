/**
 * Amounts of a proposal or an application as the proposal modal and the application page show them, in English as
 * the rest of the app: whole dollars when they are, cents when a fee adds some.
 */

const wholeDollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });
const withCents = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2 });
const numbers = new Intl.NumberFormat("en-US");

/** "$1,250" for whole dollars, "$27.50" otherwise (a fee can add cents). */
export const formatCents = (cents: number): string =>
  cents % 100 === 0 ? wholeDollars.format(cents / 100) : withCents.format(cents / 100);

/** 10 -> "10%", 12.5 -> "12.5%". */
export const formatPercent = (percent: number): string => `${numbers.format(percent)}%`;
