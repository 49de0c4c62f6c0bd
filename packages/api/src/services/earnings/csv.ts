import { stringify } from "csv-stringify/sync";

/**
 * Characters that make a spreadsheet read a cell as a formula (or, for tab and carriage return, that some
 * spreadsheets strip before doing so): OWASP's CSV injection list.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell a spreadsheet shows as text: one starting like a formula gets a leading single quote. */
export function safeCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * A CSV document (RFC 4180 quoting by csv-stringify, CRLF line ends) of a header and rows; every cell, the
 * header's included, passes through safeCell, so text from users (deal titles, usernames) cannot run as a formula.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return stringify(
    [header, ...rows].map((row) => row.map(safeCell)),
    { record_delimiter: "windows" },
  );
}

/** Cents as USD with two decimals and no thousands separator ("1234.50"), as spreadsheets read numbers. */
export function usd(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** An instant as its UTC day, YYYY-MM-DD. */
export function day(iso: string | Date): string {
  return (typeof iso === "string" ? iso : iso.toISOString()).slice(0, 10);
}
