import { stringify } from "csv-stringify/sync";

/**
 * A line of a cell that starts like a formula: at the cell's start, or after a line break inside the cell (a
 * reader that splits cells on line breaks, or a person pasting one line, gets that line as a cell of its own).
 * The characters are OWASP's CSV injection list: those that make a spreadsheet read a formula, and tab and
 * carriage return, which some spreadsheets strip before doing so; and the full-width = + - @, which some
 * spreadsheets (Apple Numbers) read as their ASCII forms.
 */
const FORMULA_LINE_START = /(^|\r\n|\n|\r)(?=[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20])/g;

/** A cell a spreadsheet shows as text: each of its lines that starts like a formula gets a leading single quote. */
export function safeCell(value: string): string {
  return value.replace(FORMULA_LINE_START, "$1'");
}

/**
 * A CSV document (RFC 4180, CRLF line ends) of a header and rows; every cell, the header's included, passes
 * through safeCell, so text from users (deal titles, usernames) cannot run as a formula. A cell holding a line
 * break (CR or LF alone too), a quote or a comma is quoted, so it stays one cell: csv-stringify quotes only the
 * CRLF record delimiter unless told to quote the bare ones as well.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return stringify(
    [header, ...rows].map((row) => row.map(safeCell)),
    { record_delimiter: "windows", quote_record_delimiter: true },
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
