import { readFile } from "node:fs/promises";
import type { Download } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";

/** The text of a PDF the browser saved, as PDF.js (unpdf's build of it) reads it: what a spec checks a receipt says. */
export async function downloadedPdfText(download: Download): Promise<string> {
  const bytes = new Uint8Array(await readFile(await download.path()));
  const pdf = await getDocumentProxy(bytes);
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}
