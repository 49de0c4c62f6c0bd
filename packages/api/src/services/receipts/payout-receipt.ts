import {
  formatUsd,
  PAYOUT_METHOD_LABELS,
  PLATFORM_DETAILS,
  payoutReceiptNumber,
  type ReceiptFile,
  receiptFilename,
} from "@market/contracts";
import { and, type Db, eq, type Payout, payouts, users } from "@market/db";
import { fail } from "../../errors";
import type { Viewer } from "../../viewer";
import { payoutState } from "../payouts/payout-view";
import type { ReceiptDocument, ReceiptFact } from "./receipt-document";
import { type ReceiptIssuerDeps, receiptDay, receiptIssuer } from "./receipt-issuer";
import { receiptPdf } from "./receipt-pdf";

type Deps = ReceiptIssuerDeps & { db: Db };

type PaidPayout = Payout & { releaseDate: Date };

/**
 * GET /api/earnings/payouts/{id}/receipt.pdf: the influencer's receipt of a paid payout. Another user's payout, or a
 * missing one, is not_found, as GET /api/earnings/payouts/{id} answers; one still on its way or failed has no
 * receipt: not_paid.
 */
export async function payoutReceipt(deps: Deps, viewer: Viewer, input: { id: number }): Promise<ReceiptFile> {
  const [row] = await deps.db
    .select({ payout: payouts, username: users.username, email: users.email })
    .from(payouts)
    .innerJoin(users, eq(users.id, payouts.userId))
    .where(and(eq(payouts.id, input.id), eq(payouts.userId, viewer.userId)));
  if (!row) fail("not_found");
  const { payout } = row;
  if (payoutState(payout) !== "paid" || !payout.releaseDate) {
    fail("not_paid", "This payout is not paid: it has no receipt.");
  }
  const document = payoutReceiptDocument(deps, { ...payout, releaseDate: payout.releaseDate }, row);
  return { filename: receiptFilename(document.number), pdf: await receiptPdf(document) };
}

/**
 * The figures of the earnings screen and statement (list-earnings.ts; money.md): a payout's amount A left the
 * balance whole, no fee taken (the ledger's payout_paid moves A to the rails).
 */
function payoutReceiptDocument(
  deps: Deps,
  payout: PaidPayout,
  owner: { username: string; email: string },
): ReceiptDocument {
  const number = payoutReceiptNumber(payout.id, payout.releaseDate);
  const method = PAYOUT_METHOD_LABELS[payout.method];
  const dates: ReceiptFact[] = [
    { label: "Requested on", value: receiptDay(payout.requestedAt) },
    ...(payout.sentAt ? [{ label: "Sent on", value: receiptDay(payout.sentAt) }] : []),
    { label: "Paid on", value: receiptDay(payout.releaseDate) },
  ];
  return {
    title: "Payout receipt",
    number,
    issuedAt: payout.releaseDate,
    issuer: receiptIssuer(deps),
    facts: [{ label: "Receipt number", value: number }, ...dates, { label: "Status", value: "Paid" }],
    party: {
      heading: "Paid to",
      lines: [payout.accountOwnerName ?? `@${owner.username}`, `@${owner.username}`, owner.email].filter(
        (line, index, all) => all.indexOf(line) === index,
      ),
    },
    subject: {
      heading: "Payout",
      facts: [
        { label: "Method", value: method },
        // As the payouts tracker shows it: the receiving account's email, and a bank account without its number.
        { label: "Destination", value: payout.email },
        ...(payout.bankAccountSummary ? [{ label: "Bank account", value: payout.bankAccountSummary }] : []),
        { label: "Payout", value: `#${payout.id}` },
      ],
    },
    lines: {
      heading: "Paid out",
      items: [
        {
          description: `Earnings paid out by ${method}`,
          detail: `From your ${PLATFORM_DETAILS.name} balance`,
          amount: formatUsd(payout.amountCents),
        },
      ],
    },
    totals: [
      { label: "Amount", amount: formatUsd(payout.amountCents) },
      { label: "Fees", amount: formatUsd(0) },
      { label: "Total paid out", amount: formatUsd(payout.amountCents), strong: true },
    ],
    notes: [
      `${method} may show the transfer under its own reference; this receipt's number is ${number}.`,
      `Questions about this receipt: ${receiptIssuer(deps).email}.`,
    ],
  };
}
