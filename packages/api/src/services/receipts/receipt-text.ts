/**
 * Text as the PDF's standard fonts can print it. pdfkit's built-in Helvetica (its metrics ship in the package, so
 * nothing is read at run time but its own files) encodes WinAnsi only: Latin-1 and a few typographic signs. Any
 * other character would print as a wrong glyph, so: the minus sign contracts' formatUsd writes becomes a hyphen,
 * accented letters outside Latin-1 lose their accent ("Łódź" -> "Lódz"), and what remains (another script, an emoji)
 * becomes "?". Names in other scripts would need an embedded Unicode font; the receipt's figures never do.
 */

/** The characters of WinAnsi (Windows-1252) beyond Latin-1. */
const WIN_ANSI_EXTRA = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");

/** Letters whose decomposition does not name them (NFKD leaves them whole). */
const SPELLED: Record<string, string> = { Ł: "L", ł: "l", Đ: "D", đ: "d", Ħ: "H", ħ: "h", ı: "i", ŀ: "l", Ŀ: "L" };

const printable = (char: string): boolean => {
  const code = char.codePointAt(0) ?? 0;
  return (code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(char);
};

/** One character as WinAnsi has it, or its nearest spelling there. */
function printed(char: string): string {
  if (printable(char)) return char;
  if (char === "\u2212") return "-";
  if (char === "\n" || char === "\t") return " ";
  const spelled = SPELLED[char];
  if (spelled) return spelled;
  const bare = char.normalize("NFKD").replace(/\p{M}/gu, "");
  if (bare !== "" && [...bare].every(printable)) return bare;
  return "?";
}

/** `text` printable by the standard fonts (above). */
export function pdfText(text: string): string {
  let out = "";
  for (const char of text.normalize("NFC")) out += printed(char);
  return out;
}
