import { extractText, getDocumentProxy } from "unpdf";

/**
 * The text of a PDF as a reader's copy would give it, all pages, read by PDF.js (unpdf's build of it): what a test
 * checks a receipt says. A copy of the bytes is handed over, as PDF.js takes ownership of its buffer.
 */
export async function pdfTextOf(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}
