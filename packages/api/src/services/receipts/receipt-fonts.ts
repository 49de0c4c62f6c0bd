import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { create, type Font } from "fontkit";

/**
 * The receipts' fonts: DejaVu Sans and its bold, TrueType files of the `dejavu-fonts-ttf` package (read from
 * node_modules, never fetched), embedded by pdfkit as subsets of the glyphs a receipt uses (a few KB each). Unlike
 * the PDF's standard Helvetica (WinAnsi only), they print the Latin, Greek, Cyrillic, Armenian and Georgian
 * alphabets, so "Łódź" or "Дмитрий" on a receipt read as written. Read once per process, on the first receipt.
 */
export interface ReceiptFonts {
  regular: Buffer;
  bold: Buffer;
  /** Whether both fonts draw this code point (a character they lack would print as an empty box). */
  covers(codePoint: number): boolean;
}

const require = createRequire(import.meta.url);
let fonts: ReceiptFonts | undefined;

function fontFile(name: string): Buffer {
  return readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${name}`));
}

function glyphs(file: Buffer): Font {
  const font = create(file);
  if (!("hasGlyphForCodePoint" in font)) throw new Error("a receipt font file holds a collection, not one font");
  return font;
}

export function receiptFonts(): ReceiptFonts {
  if (!fonts) {
    const regular = fontFile("DejaVuSans.ttf");
    const bold = fontFile("DejaVuSans-Bold.ttf");
    const [regularGlyphs, boldGlyphs] = [glyphs(regular), glyphs(bold)];
    fonts = {
      regular,
      bold,
      covers: (codePoint) =>
        regularGlyphs.hasGlyphForCodePoint(codePoint) && boldGlyphs.hasGlyphForCodePoint(codePoint),
    };
  }
  return fonts;
}
