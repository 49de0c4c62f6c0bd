import { createSession, fixedClock } from "@market/api";
import {
  createAdminUser,
  createBrand,
  createInfluencer,
  moneyHistory,
  payoutOf,
  sandboxTokenOf,
  waitingApplication,
} from "@market/api/testing";
import { DAY_MS, formatUsd, paymentReceiptNumber, payoutReceiptNumber, SANDBOX_TEST_CARDS } from "@market/contracts";
import { and, applications, eq, ledgerAccount, ledgerEntries, ledgerTransactions, payouts } from "@market/db";
import { beforeAll, describe, expect, it } from "vitest";
import { cookieFor } from "../testing/auth-helpers";
import { pdfTextOf } from "../testing/pdf-text";
import { useTestApp } from "../testing/test-app";

const clock = fixedClock(new Date("2026-07-01T08:00:00Z"));
const server = useTestApp({
  clock,
  supportEmail: "help@receipts.example",
  publicUrl: "https://market.example",
  // The operator's company (PLATFORM_LEGAL_NAME, PLATFORM_ADDRESS) rather than the demo's.
  platformLegalName: "Market Operations GmbH",
  platformAddress: ["Torstraße 1", "10119 Berlin", "Germany"],
});

let history: Awaited<ReturnType<typeof moneyHistory>>;
let hired: Awaited<ReturnType<typeof waitingApplication>>;
let payoutIds: { paid: number; processing: number; failed: number };
let tokens: Record<"brand" | "influencer" | "otherBrand" | "otherInfluencer" | "adminAsBrand" | "hiredBrand", string>;

beforeAll(async () => {
  history = await moneyHistory(server.db, clock, [
    {
      title: "Summer launch",
      prices: [
        {
          network: "instagram",
          dollars: 100,
          hired: true,
          usageRights: { kind: "licensed", months: 6, territory: "worldwide" },
        },
        { network: "youtube", dollars: 40, hired: false },
      ],
      feeBrandPercent: 10,
      feeInfluencerPercent: 10,
      paidDaysAgo: 12,
      state: "released",
    },
    {
      title: "Autumn teaser",
      prices: [{ network: "twitter", dollars: 50, hired: true }],
      feeBrandPercent: 12.5,
      feeInfluencerPercent: 10,
      paidDaysAgo: 5,
      state: "refunded",
    },
  ]);
  const requested = new Date(clock.now().getTime() - 3 * DAY_MS);
  payoutIds = {
    paid: await payoutOf(server.db, history.influencer.id, 2_500, requested, "paid"),
    processing: await payoutOf(server.db, history.influencer.id, 2_000, requested, "processing"),
    failed: await payoutOf(server.db, history.influencer.id, 2_100, requested, "failed"),
  };
  // A hire paid through the real accept, on the sandbox: its payment reference is the intent the card paid.
  hired = await waitingApplication(server.db, clock, { brand: { brandName: "Łódź Coffee Roasters" } });
  const admin = await createAdminUser(server.db);
  const session = async (userId: number, impersonatorId: number | null = null) =>
    (await createSession(server.db, clock, userId, impersonatorId)).token;
  tokens = {
    brand: await session(history.brand.id),
    influencer: await session(history.influencer.id),
    otherBrand: await session((await createBrand(server.db)).id),
    otherInfluencer: await session((await createInfluencer(server.db)).id),
    adminAsBrand: await session(history.brand.id, admin.id),
    hiredBrand: await session(hired.brand.id),
  };
});

const get = (url: string, token?: string) =>
  server.app.inject({ method: "GET", url, headers: token ? { cookie: cookieFor(token) } : {} });

const [released, refunded] = [0, 1] as const;
/** The id of the history's hire at `index`. */
const hireId = (index: number) => history.applicationIds[index] as number;
const paymentUrl = (id: number | string) => `/api/applications/${id}/receipt.pdf`;
const payoutUrl = (id: number | string) => `/api/earnings/payouts/${id}/receipt.pdf`;

/** The receipt's text, after checking it came as a PDF attachment never cached. */
async function receiptText(url: string, token: string, filename: string): Promise<string> {
  const response = await get(url, token);
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  expect(response.headers["content-type"]).toBe("application/pdf");
  expect(response.headers["content-disposition"]).toBe(`attachment; filename="${filename}"`);
  expect(String(response.headers["cache-control"])).toContain("no-store");
  expect(response.rawPayload.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  return pdfTextOf(response.rawPayload);
}

/** B of the application as the ledger holds it: what its payment moved into escrow. */
async function ledgerPaymentCents(applicationId: number): Promise<number> {
  const [entry] = await server.db
    .select({ cents: ledgerEntries.amountCents })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(
      and(
        eq(ledgerTransactions.applicationId, applicationId),
        eq(ledgerTransactions.kind, "payment"),
        eq(ledgerEntries.account, ledgerAccount.escrow(applicationId)),
      ),
    );
  return entry?.cents ?? 0;
}

async function paidAtOf(applicationId: number): Promise<Date> {
  const [row] = await server.db
    .select({ paidAt: applications.paidAt })
    .from(applications)
    .where(eq(applications.id, applicationId));
  return row?.paidAt as Date;
}

describe("GET /api/applications/{id}/receipt.pdf", () => {
  it("gives the brand a PDF with the platform, the number, the parties, the hired lines and the hires screen's figures", async () => {
    const id = hireId(released);
    const number = paymentReceiptNumber(id, await paidAtOf(id));
    expect(number).toBe(`IM-P-2026-${String(id).padStart(6, "0")}`);
    const text = await receiptText(paymentUrl(id), tokens.brand, `receipt-${number}.pdf`);
    const hires = (await get("/api/hires", tokens.brand)).json().data.items as {
      applicationId: number;
      amountCents: number;
      feesCents: number;
      amountWithFeesCents: number;
    }[];
    const hire = hires.find((item) => item.applicationId === id);
    expect(hire).toMatchObject({ amountCents: 10_000, feesCents: 1_000, amountWithFeesCents: 11_000 });
    expect(await ledgerPaymentCents(id)).toBe(11_000);
    for (const expected of [
      "Influence Market",
      "Market Operations GmbH",
      "Torstraße 1",
      "10119 Berlin",
      "help@receipts.example",
      "https://market.example",
      "Payment receipt",
      number,
      "June 19, 2026",
      `Brand`,
      `@${history.brand.username}`,
      "Summer launch",
      `@${history.influencer.username}`,
      "Instagram",
      "Usage rights: Repost on your channels for 6 months, worldwide",
      `Price ${formatUsd(10_000)}`,
      `Platform fee (10%) ${formatUsd(1_000)}`,
      `Total paid ${formatUsd(11_000)}`,
      "released to the influencer on June 20, 2026",
    ]) {
      expect(text).toContain(expected);
    }
    // The network priced but not hired is not on the receipt, nor is a refund that did not happen.
    expect(text).not.toContain("YouTube");
    expect(text).not.toContain("Refunded");
  });

  it("shows a refund on the payment's receipt: what was paid, then given back", async () => {
    const id = hireId(refunded);
    const number = paymentReceiptNumber(id, await paidAtOf(id));
    const text = await receiptText(paymentUrl(id), tokens.brand, `receipt-${number}.pdf`);
    // $50 at a 12.5 % fee: B = $56.25 (money.md's rounding), refunded whole.
    expect(await ledgerPaymentCents(id)).toBe(5_625);
    for (const expected of [
      "Twitter",
      `Price ${formatUsd(5_000)}`,
      `Platform fee (12.5%) ${formatUsd(625)}`,
      `Total paid ${formatUsd(5_625)}`,
      `Refunded on June 27, 2026 ${formatUsd(-5_625)}`,
      `Net paid ${formatUsd(0)}`,
      "Refunded to the card on June 27, 2026",
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("is made for a hire paid through accept, with the card payment's reference, and prints the name as written (not WinAnsi)", async () => {
    const brand = hired.callers.brand;
    await brand.applications.accept({
      id: hired.id,
      frontendPriceInCents: 137_500,
      networks: ["instagram"],
      cardOptions: { token: await sandboxTokenOf(brand, SANDBOX_TEST_CARDS.succeeds) },
    });
    const number = paymentReceiptNumber(hired.id, await paidAtOf(hired.id));
    const text = await receiptText(paymentUrl(hired.id), tokens.hiredBrand, `receipt-${number}.pdf`);
    expect(text).toContain(`Total paid ${formatUsd(137_500)}`);
    expect(text).toContain("Łódź Coffee Roasters");
    expect(text).toMatch(/Payment reference \S+/);
    expect(text).toContain("held in escrow");
  });

  it("answers an admin acting as the brand", async () => {
    const response = await get(paymentUrl(hireId(released)), tokens.adminAsBrand);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
  });

  it("refuses the hire's influencer (403), another brand (404), a visitor (401), a bad or unknown id", async () => {
    const id = hireId(released);
    for (const [url, token, status, reason] of [
      [paymentUrl(id), tokens.influencer, 403, "forbidden"],
      [paymentUrl(id), tokens.otherBrand, 404, "not_found"],
      [paymentUrl(id), undefined, 401, "unauthorized"],
      [paymentUrl("abc"), tokens.brand, 400, "invalid"],
      [paymentUrl(999_999), tokens.brand, 404, "not_found"],
    ] as const) {
      const response = await get(url, token);
      expect(response.statusCode, `${url} ${status}`).toBe(status);
      expect(response.json()).toMatchObject({ status: "error", reason });
    }
  });

  it("has no receipt for a hire not paid: 409 not_paid", async () => {
    const waiting = await waitingApplication(server.db, clock);
    const token = (await createSession(server.db, clock, waiting.brand.id, null)).token;
    const response = await get(paymentUrl(waiting.id), token);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ status: "error", reason: "not_paid" });
  });
});

describe("GET /api/earnings/payouts/{id}/receipt.pdf", () => {
  it("gives the influencer a PDF of a paid payout: number, dates, method, destination, amount and no fee", async () => {
    const [payout] = await server.db.select().from(payouts).where(eq(payouts.id, payoutIds.paid));
    const number = payoutReceiptNumber(payoutIds.paid, payout?.releaseDate as Date);
    const text = await receiptText(payoutUrl(payoutIds.paid), tokens.influencer, `receipt-${number}.pdf`);
    const earnings = (await get("/api/earnings", tokens.influencer)).json().data.items as {
      id: string;
      amountNoFeesCents: number;
      feesPercent: number;
    }[];
    expect(earnings.find((item) => item.id === `payout-${payoutIds.paid}`)).toMatchObject({
      amountNoFeesCents: 2_500,
      feesPercent: 0,
    });
    for (const expected of [
      "Influence Market",
      "Payout receipt",
      number,
      "Requested on June 28, 2026",
      "Paid on June 30, 2026",
      "Status Paid",
      `@${history.influencer.username}`,
      "Method PayPal",
      "Destination me@example.com",
      `Amount ${formatUsd(2_500)}`,
      `Fees ${formatUsd(0)}`,
      `Total paid out ${formatUsd(2_500)}`,
      "help@receipts.example",
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("has no receipt for a payout on its way or failed: 409 not_paid", async () => {
    for (const id of [payoutIds.processing, payoutIds.failed]) {
      const response = await get(payoutUrl(id), tokens.influencer);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ status: "error", reason: "not_paid" });
    }
  });

  it("refuses another influencer (404), a brand (403), a visitor (401) and a bad id (400)", async () => {
    for (const [url, token, status, reason] of [
      [payoutUrl(payoutIds.paid), tokens.otherInfluencer, 404, "not_found"],
      [payoutUrl(payoutIds.paid), tokens.brand, 403, "forbidden"],
      [payoutUrl(payoutIds.paid), undefined, 401, "unauthorized"],
      [payoutUrl("1.5"), tokens.influencer, 400, "invalid"],
    ] as const) {
      const response = await get(url, token);
      expect(response.statusCode, `${url} ${status}`).toBe(status);
      expect(response.json()).toMatchObject({ status: "error", reason });
    }
  });
});
