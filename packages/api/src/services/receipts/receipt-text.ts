import { receiptFonts } from "./receipt-fonts";

/**
 * Text as the receipts' fonts can print it (receipt-fonts.ts: DejaVu Sans). A character the fonts lack would print
 * as an empty box, so: the minus sign contracts' formatUsd writes stays (the fonts have it), a letter they lack
 * loses its accent when the bare letter is there, and what remains (CJK scripts, an emoji) becomes "?". A line break
 * or a tab becomes a space: every text here is one line of the layout.
 */

/** Letters whose decomposition does not name them (NFKD leaves them whole). */
const SPELLED: Record<string, string> = { Ł: "L", ł: "l", Đ: "D", đ: "d", Ħ: "H", ħ: "h", ı: "i", ŀ: "l", Ŀ: "L" };

const printable = (char: string): boolean => {
  const code = char.codePointAt(0) ?? 0;
  return code >= 0x20 && code !== 0x7f && !(code >= 0x80 && code < 0xa0) && receiptFonts().covers(code);
};

/** One character as the fonts have it, or its nearest spelling there. */
function printed(char: string): string {
  if (printable(char)) return char;
  if (char === "\n" || char === "\t" || char === "\r") return " ";
  const spelled = SPELLED[char];
  if (spelled && printable(spelled)) return spelled;
  const bare = char.normalize("NFKD").replace(/\p{M}/gu, "");
  if (bare !== "" && [...bare].every(printable)) return bare;
  return "?";
}

/** `text` printable by the receipts' fonts (above). */
export function pdfText(text: string): string {
  let out = "";
  for (const char of text.normalize("NFC")) out += printed(char);
  return out;
}
