/**
 * What a receipt prints, whatever it is a receipt of: the payment's and the payout's receipts are built as one of
 * these (payment-receipt.ts, payout-receipt.ts) and receipt-pdf.ts lays any of them out, so both read alike.
 */
export interface ReceiptDocument {
  /** "Payment receipt", "Payout receipt". */
  title: string;
  /** The receipt's stable number (contracts' paymentReceiptNumber, payoutReceiptNumber). */
  number: string;
  /** When the receipt was made: its PDF's creation date. */
  issuedAt: Date;
  issuer: ReceiptIssuer;
  /** Dates, references and status, as label and value. */
  facts: ReceiptFact[];
  /** Who paid ("Billed to") or was paid ("Paid to"), a line each. */
  party: { heading: string; lines: string[] };
  /** What the money was for: the hire (campaign, influencer) or the payout (method, destination). */
  subject: { heading: string; facts: ReceiptFact[] };
  /** The priced lines, each with an optional second line (a network's usage rights). */
  lines: { heading: string; items: ReceiptLine[] };
  /** Totals under the lines, in order; the strong ones print bold. */
  totals: ReceiptTotal[];
  /** Closing sentences (what the status means, whom to ask). */
  notes: string[];
}

export interface ReceiptIssuer {
  name: string;
  legalName: string;
  address: readonly string[];
  email: string;
  website: string;
}

export interface ReceiptFact {
  label: string;
  value: string;
}

export interface ReceiptLine {
  description: string;
  detail: string | null;
  /** Already formatted by contracts' formatUsd, as the screens show it. */
  amount: string;
}

export interface ReceiptTotal {
  label: string;
  amount: string;
  strong?: boolean;
}
