import { describe, expect, it } from "vitest";
import { safeCell, toCsv } from "./csv";
import { readCsv } from "./testing/read-csv";

/** A campaign title that, split at its line break, puts a command in a cell of its own. */
const TITLE_WITH_FORMULA = "Vitamin C serum\n=cmd|' /C calc'!A0";

describe("safeCell", () => {
  it.each(["\n", "\r", "\r\n"])("guards a line after %j as it guards the cell's start", (lineBreak) => {
    for (const start of ["=", "+", "-", "@", "\t", "\r", "\uFF1D", "\uFF0B", "\uFF0D", "\uFF20"]) {
      expect(safeCell(`${start}1`)).toBe(`'${start}1`);
      expect(safeCell(`Serum${lineBreak}${start}1`)).toBe(`Serum${lineBreak}'${start}1`);
    }
    expect(safeCell(`=A1${lineBreak}=A2${lineBreak}=A3`)).toBe(`'=A1${lineBreak}'=A2${lineBreak}'=A3`);
    // Only the start of a line: a sign further in is text.
    expect(safeCell(`Serum${lineBreak}2 = 1 + 1`)).toBe(`Serum${lineBreak}2 = 1 + 1`);
  });
});

describe("toCsv", () => {
  it("keeps a cell holding a line feed or a carriage return one cell, quoted, its lines guarded", () => {
    const csv = toCsv(
      ["Title", "Status"],
      [
        [TITLE_WITH_FORMULA, "paid"],
        ["Serum\rpart 2", "paid"],
      ],
    );
    expect(csv).toBe(`Title,Status\r\n"Vitamin C serum\n'=cmd|' /C calc'!A0",paid\r\n"Serum\rpart 2",paid\r\n`);
    expect(readCsv(csv)).toEqual([
      ["Title", "Status"],
      ["Vitamin C serum\n'=cmd|' /C calc'!A0", "paid"],
      ["Serum\rpart 2", "paid"],
    ]);
  });

  it("quotes per RFC 4180 exactly the cells holding a line break, a quote or a comma", () => {
    const cells = ["plain", "a,b", 'say "hi"', "a\r\nb", "a\nb", "a\rb"];
    const csv = toCsv(
      ["x"],
      cells.map((cell) => [cell]),
    );
    expect(csv).toBe('x\r\nplain\r\n"a,b"\r\n"say ""hi"""\r\n"a\r\nb"\r\n"a\nb"\r\n"a\rb"\r\n');
    expect(readCsv(csv).slice(1)).toEqual(cells.map((cell) => [cell]));
  });
});
