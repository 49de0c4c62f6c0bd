/**
 * Receipts (issue 40, point 5): a PDF for every payment a brand made and every payout an influencer received. The
 * numbers, paths and issuer shared by the server (which makes the PDF) and the web (which links to it).
 */

/**
 * Who issues the receipts: the platform's name, and the demo's company and postal address, printed at the top of
 * each one unless the server's PLATFORM_LEGAL_NAME and PLATFORM_ADDRESS name the operator's (docs/deployment.md).
 * The contact mailbox is the server's SUPPORT_EMAIL and the website its PUBLIC_URL.
 */
export const PLATFORM_DETAILS = {
  name: "Influence Market",
  legalName: "Influence Market Inc.",
  address: ["548 Market Street, Suite 100", "San Francisco, CA 94104", "United States"],
} as const;

/** A four-digit year and the row's id on six digits at least: sorts as issued, and reads over the phone. */
const numbered = (prefix: string, id: number, at: Date) =>
  `${prefix}-${at.getUTCFullYear()}-${String(id).padStart(6, "0")}`;

/**
 * A payment's receipt number, stable: derived from the application (one payment each) and the year it was paid,
 * which never changes once paid. "IM-P-2026-000123".
 */
export const paymentReceiptNumber = (applicationId: number, paidAt: Date): string =>
  numbered("IM-P", applicationId, paidAt);

/** A payout's receipt number, stable: derived from the payout and the year it was paid. "IM-O-2026-000045". */
export const payoutReceiptNumber = (payoutId: number, paidAt: Date): string => numbered("IM-O", payoutId, paidAt);

/** GET /api/applications/{id}/receipt.pdf: the brand's receipt of its payment for a hire. */
export const paymentReceiptPath = (applicationId: number): string => `/api/applications/${applicationId}/receipt.pdf`;

/** GET /api/earnings/payouts/{id}/receipt.pdf: the influencer's receipt of a paid payout. */
export const payoutReceiptPath = (payoutId: number): string => `/api/earnings/payouts/${payoutId}/receipt.pdf`;

/** A receipt download: the PDF's bytes and the file name it is saved under (with its number). */
export interface ReceiptFile {
  filename: string;
  pdf: Uint8Array;
}

/** The file name of a receipt: "receipt-IM-P-2026-000123.pdf". */
export const receiptFilename = (number: string): string => `receipt-${number}.pdf`;
