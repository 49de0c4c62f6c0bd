import PDFDocument from "pdfkit";
import type { ReceiptDocument, ReceiptFact } from "./receipt-document";
import { receiptFonts } from "./receipt-fonts";
import { pdfText } from "./receipt-text";

/** A4 in points, with 50 pt margins: the page every receipt is laid out on. */
const PAGE = { width: 595.28, margin: 50 } as const;
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const AMOUNT_WIDTH = 110;
const LABEL_WIDTH = 150;
const INK = "#0f172a";
const MUTED = "#475569";
const RULE = "#cbd5e1";

/** The names the receipts' fonts are registered under in each document. */
const REGULAR = "Receipt";
const BOLD = "Receipt-Bold";

type Doc = PDFKit.PDFDocument;

/**
 * The receipt as a PDF, laid out by pdfkit in DejaVu Sans (receipt-fonts.ts, embedded as subsets):
 * the issuer and the receipt's number at the top, its facts, who paid or was paid, what for, the priced lines, the
 * totals and the notes. One page for any hire the product makes; a longer one flows onto the next page.
 */
export function receiptPdf(receipt: ReceiptDocument): Promise<Uint8Array> {
  const doc = new PDFDocument({
    size: "A4",
    margin: PAGE.margin,
    info: {
      Title: pdfText(`${receipt.title} ${receipt.number}`),
      Author: pdfText(receipt.issuer.legalName),
      Subject: pdfText(receipt.title),
      // The receipt's own date rather than the moment it is drawn: the same receipt makes the same document.
      CreationDate: receipt.issuedAt,
    },
  });
  const fonts = receiptFonts();
  doc.registerFont(REGULAR, fonts.regular);
  doc.registerFont(BOLD, fonts.bold);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Uint8Array>((resolve, reject) => {
    doc.on("end", () => {
      const bytes = Buffer.concat(chunks);
      // A plain Uint8Array: what superjson sends over /trpc (a Buffer's class is unknown to a browser).
      resolve(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    });
    doc.on("error", reject);
  });
  drawHeader(doc, receipt);
  drawFacts(doc, receipt.facts);
  drawParty(doc, receipt);
  drawHeading(doc, receipt.subject.heading);
  drawFacts(doc, receipt.subject.facts);
  drawLines(doc, receipt);
  drawTotals(doc, receipt);
  drawNotes(doc, receipt);
  doc.end();
  return done;
}

function drawHeader(doc: Doc, receipt: ReceiptDocument): void {
  const top = doc.y;
  const { issuer } = receipt;
  doc.fillColor(INK).font(BOLD).fontSize(18).text(pdfText(issuer.name), PAGE.margin, top);
  doc.font(REGULAR).fontSize(9).fillColor(MUTED);
  for (const line of [issuer.legalName, ...issuer.address, issuer.email, issuer.website]) {
    doc.text(pdfText(line), PAGE.margin, doc.y, { width: CONTENT_WIDTH / 2 });
  }
  const below = doc.y;
  const right = { width: CONTENT_WIDTH / 2, align: "right" as const };
  doc.fillColor(INK).font(BOLD).fontSize(16);
  doc.text(pdfText(receipt.title), PAGE.margin + CONTENT_WIDTH / 2, top, right);
  doc
    .font(REGULAR)
    .fontSize(10)
    .text(pdfText(receipt.number), PAGE.margin + CONTENT_WIDTH / 2, doc.y, right);
  doc.y = Math.max(below, doc.y) + 16;
  rule(doc);
}

function rule(doc: Doc): void {
  doc
    .moveTo(PAGE.margin, doc.y)
    .lineTo(PAGE.margin + CONTENT_WIDTH, doc.y)
    .strokeColor(RULE)
    .lineWidth(0.75)
    .stroke();
  doc.y += 10;
}

function drawHeading(doc: Doc, heading: string): void {
  doc.y += 6;
  doc.fillColor(INK).font(BOLD).fontSize(11).text(pdfText(heading), PAGE.margin, doc.y);
  doc.y += 4;
}

/** Label and value side by side, the value wrapping in its column. */
function drawFacts(doc: Doc, facts: readonly ReceiptFact[]): void {
  doc.fontSize(10);
  for (const fact of facts) {
    const top = doc.y;
    doc.font(REGULAR).fillColor(MUTED).text(pdfText(fact.label), PAGE.margin, top, { width: LABEL_WIDTH });
    const labelBottom = doc.y;
    doc
      .fillColor(INK)
      .text(pdfText(fact.value), PAGE.margin + LABEL_WIDTH, top, { width: CONTENT_WIDTH - LABEL_WIDTH });
    doc.y = Math.max(labelBottom, doc.y) + 2;
  }
}

function drawParty(doc: Doc, receipt: ReceiptDocument): void {
  drawHeading(doc, receipt.party.heading);
  doc.font(REGULAR).fontSize(10).fillColor(INK);
  for (const line of receipt.party.lines) doc.text(pdfText(line), PAGE.margin, doc.y, { width: CONTENT_WIDTH });
}

/** The priced lines: description (and its detail beneath) on the left, the amount right-aligned. */
function drawLines(doc: Doc, receipt: ReceiptDocument): void {
  drawHeading(doc, receipt.lines.heading);
  const textWidth = CONTENT_WIDTH - AMOUNT_WIDTH - 10;
  const amountX = PAGE.margin + CONTENT_WIDTH - AMOUNT_WIDTH;
  rule(doc);
  for (const item of receipt.lines.items) {
    const top = doc.y;
    doc.font(BOLD).fontSize(10).fillColor(INK);
    doc.text(pdfText(item.description), PAGE.margin, top, { width: textWidth });
    if (item.detail) {
      doc.font(REGULAR).fontSize(9).fillColor(MUTED);
      doc.text(pdfText(item.detail), PAGE.margin, doc.y, { width: textWidth });
    }
    const textBottom = doc.y;
    doc.font(REGULAR).fontSize(10).fillColor(INK);
    doc.text(pdfText(item.amount), amountX, top, { width: AMOUNT_WIDTH, align: "right" });
    doc.y = Math.max(textBottom, doc.y) + 6;
  }
  rule(doc);
}

function drawTotals(doc: Doc, receipt: ReceiptDocument): void {
  const labelX = PAGE.margin + CONTENT_WIDTH / 2;
  const labelWidth = CONTENT_WIDTH / 2 - AMOUNT_WIDTH;
  const amountX = PAGE.margin + CONTENT_WIDTH - AMOUNT_WIDTH;
  for (const total of receipt.totals) {
    const top = doc.y;
    doc
      .font(total.strong ? BOLD : REGULAR)
      .fontSize(total.strong ? 11 : 10)
      .fillColor(INK);
    doc.text(pdfText(total.label), labelX, top, { width: labelWidth });
    const labelBottom = doc.y;
    doc.text(pdfText(total.amount), amountX, top, { width: AMOUNT_WIDTH, align: "right" });
    doc.y = Math.max(labelBottom, doc.y) + 3;
  }
}

function drawNotes(doc: Doc, receipt: ReceiptDocument): void {
  doc.y += 14;
  doc.font(REGULAR).fontSize(9).fillColor(MUTED);
  for (const note of receipt.notes) {
    doc.text(pdfText(note), PAGE.margin, doc.y, { width: CONTENT_WIDTH });
    doc.y += 3;
  }
}
