import {
  describeUsageRights,
  formatUsd,
  NETWORK_NAMES,
  PLATFORM_DETAILS,
  paymentReceiptNumber,
  type ReceiptFile,
  receiptFilename,
} from "@market/contracts";
import {
  alias,
  and,
  applicationPrices,
  applications,
  asc,
  brandProfiles,
  type Db,
  deals,
  desc,
  eq,
  paymentAttempts,
  users,
} from "@market/db";
import { fail } from "../../errors";
import type { Viewer } from "../../viewer";
import { hiredRightsOf } from "../earnings/hire-figures";
import type { ReceiptDocument, ReceiptLine, ReceiptTotal } from "./receipt-document";
import { type ReceiptIssuerDeps, receiptDay, receiptIssuer } from "./receipt-issuer";
import { receiptPdf } from "./receipt-pdf";

type Deps = ReceiptIssuerDeps & { db: Db };

const influencer = alias(users, "influencer");

/** The paid hire as its receipt reads it: one statement, the viewer's own application only. */
const hireOf = (db: Db, brandId: number, applicationId: number) =>
  db
    .select({
      id: applications.id,
      paidAt: applications.paidAt,
      paidCents: applications.paidAmountCents,
      feePercent: applications.feeBrandPercent,
      releasedAt: applications.releasedAt,
      refundedAt: applications.refundedAt,
      dealTitle: deals.title,
      brandName: brandProfiles.brandName,
      brandUsername: users.username,
      brandEmail: users.email,
      influencerUsername: influencer.username,
    })
    .from(applications)
    .innerJoin(deals, eq(deals.id, applications.dealId))
    .innerJoin(users, eq(users.id, applications.brandId))
    .leftJoin(brandProfiles, eq(brandProfiles.userId, applications.brandId))
    .innerJoin(influencer, eq(influencer.id, applications.influencerId))
    .where(and(eq(applications.id, applicationId), eq(applications.brandId, brandId)));

type Hire = NonNullable<Awaited<ReturnType<typeof hireOf>>[number]> & { paidAt: Date };

/**
 * GET /api/applications/{id}/receipt.pdf: the brand's receipt of what it paid for a hire. Only the application's
 * brand (or an admin acting as it) has one; anyone else's application, or a missing one, is not_found, as the
 * application page answers. A hire not paid (still waiting, declined, expired) has none: not_paid.
 */
export async function paymentReceipt(deps: Deps, viewer: Viewer, input: { id: number }): Promise<ReceiptFile> {
  const [row] = await hireOf(deps.db, viewer.userId, input.id);
  if (!row) fail("not_found");
  if (!row.paidAt) fail("not_paid", "This hire is not paid: it has no receipt.");
  const hire = { ...row, paidAt: row.paidAt };
  const [lines, [payment]] = await Promise.all([
    deps.db
      .select({
        network: applicationPrices.networkType,
        priceCents: applicationPrices.priceCents,
        usageRights: applicationPrices.usageRights,
      })
      .from(applicationPrices)
      .where(and(eq(applicationPrices.applicationId, hire.id), eq(applicationPrices.hired, true)))
      .orderBy(asc(applicationPrices.networkType)),
    deps.db
      .select({ provider: paymentAttempts.provider, reference: paymentAttempts.providerIntentId })
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.applicationId, hire.id), eq(paymentAttempts.status, "succeeded")))
      .orderBy(desc(paymentAttempts.attempt))
      .limit(1),
  ]);
  const document = paymentReceiptDocument(deps, hire, lines, payment ?? null);
  return { filename: receiptFilename(document.number), pdf: await receiptPdf(document) };
}

interface PricedLine {
  network: keyof typeof NETWORK_NAMES;
  priceCents: number;
  usageRights: unknown;
}

/**
 * The figures of the hires screen and statement (list-hires.ts; money.md): the price P of the hired networks, the
 * brand's fee B - P at the fee percent of the accept, and B, what the card was charged (the ledger's payment); a
 * refund gives B back.
 */
function paymentReceiptDocument(
  deps: Deps,
  hire: Hire,
  lines: readonly PricedLine[],
  payment: { provider: string; reference: string | null } | null,
): ReceiptDocument {
  const number = paymentReceiptNumber(hire.id, hire.paidAt);
  const rights = hiredRightsOf(lines.map((line) => ({ network: line.network, usageRights: line.usageRights })));
  const items: ReceiptLine[] = lines.map((line, index) => ({
    description: NETWORK_NAMES[line.network],
    detail: `Usage rights: ${describeUsageRights(rights[index]?.usageRights ?? { kind: "organic" }, "brand")}`,
    amount: formatUsd(line.priceCents),
  }));
  const priceCents = lines.reduce((sum, line) => sum + line.priceCents, 0);
  const feeCents = hire.paidCents - priceCents;
  const totals: ReceiptTotal[] = [
    { label: "Price", amount: formatUsd(priceCents) },
    { label: `Platform fee (${hire.feePercent ?? 0}%)`, amount: formatUsd(feeCents) },
    { label: "Total paid", amount: formatUsd(hire.paidCents), strong: true },
  ];
  if (hire.refundedAt) {
    totals.push(
      { label: `Refunded on ${receiptDay(hire.refundedAt)}`, amount: formatUsd(-hire.paidCents) },
      { label: "Net paid", amount: formatUsd(0), strong: true },
    );
  }
  return {
    title: "Payment receipt",
    number,
    issuedAt: hire.paidAt,
    issuer: receiptIssuer(deps),
    facts: [
      { label: "Receipt number", value: number },
      { label: "Date paid", value: receiptDay(hire.paidAt) },
      { label: "Paid by", value: paymentMethodOf(payment) },
      ...(payment?.reference ? [{ label: "Payment reference", value: payment.reference }] : []),
      { label: "Status", value: statusOf(hire) },
    ],
    party: {
      heading: "Billed to",
      lines: [hire.brandName || hire.brandUsername, `@${hire.brandUsername}`, hire.brandEmail],
    },
    subject: {
      heading: "Hire",
      facts: [
        { label: "Campaign", value: hire.dealTitle },
        { label: "Influencer", value: `@${hire.influencerUsername}` },
        { label: "Application", value: `#${hire.id}` },
      ],
    },
    lines: { heading: "Proposal lines hired", items },
    totals,
    notes: [
      `${PLATFORM_DETAILS.name} holds the payment in escrow until the work is done, then releases it to the influencer.`,
      `Questions about this receipt: ${receiptIssuer(deps).email}.`,
    ],
  };
}

function paymentMethodOf(payment: { provider: string } | null): string {
  if (payment?.provider === "sandbox") return "Card (test payment through the sandbox: no money moved)";
  return "Card, through Stripe";
}

function statusOf(hire: Hire): string {
  if (hire.refundedAt) return `Refunded to the card on ${receiptDay(hire.refundedAt)}`;
  if (hire.releasedAt) return `Paid; released to the influencer on ${receiptDay(hire.releasedAt)}`;
  return "Paid; held in escrow until the work is done";
}
