import { DAY_MS, influencerNetCents } from "@market/contracts";
import { and, type Db, eq, inArray, ledgerEntries, ledgerTransactions } from "@market/db";
import { createTestDb, type TestDb } from "@market/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { callerFor, callFailure } from "../../testing";
import { ledgerViolations } from "../../testing/ledger-invariants";
import type { Viewer } from "../../viewer";
import { ledgerAccount } from "../ledger/accounts";
import { accountBalance } from "../ledger/balance";
import { listEarnings } from "./list-earnings";
import { listHires } from "./list-hires";
import { type HireDraft, moneyHistory, payoutOf } from "./testing/money-history";
import { csvRecords } from "./testing/read-csv";

let testDb: TestDb;
let db: Db;
const clock = fixedClock(new Date("2026-06-10T09:30:00Z"));
const ago = (days: number) => new Date(clock.now().getTime() - days * DAY_MS);

const HIRES: HireDraft[] = [
  {
    title: '=HYPERLINK("http://evil.example","x")',
    prices: [
      { network: "instagram", dollars: 1250, hired: true },
      { network: "youtube", dollars: 300, hired: false },
    ],
    feeBrandPercent: 10,
    feeInfluencerPercent: 10,
    paidDaysAgo: 5,
    state: "pending",
  },
  {
    title: "Spring launch",
    prices: [
      {
        network: "instagram",
        dollars: 333,
        hired: true,
        usageRights: { kind: "licensed", months: 6, territory: "worldwide" },
      },
      { network: "youtube", dollars: 101, hired: true, usageRights: { kind: "whitelisting", months: 3 } },
    ],
    // Fractional fees: I and B round half up to the cent.
    feeBrandPercent: 12.5,
    feeInfluencerPercent: 7.25,
    paidDaysAgo: 20,
    state: "released",
  },
  {
    title: "Refunded one",
    prices: [{ network: "twitter", dollars: 80, hired: true }],
    feeBrandPercent: 10,
    feeInfluencerPercent: 10,
    paidDaysAgo: 15,
    state: "refunded",
  },
  {
    title: '+Plus, "quoted"',
    prices: [{ network: "facebook", dollars: 25, hired: true }],
    feeBrandPercent: 10,
    feeInfluencerPercent: 10,
    paidDaysAgo: 30,
    state: "released",
  },
];

let history: Awaited<ReturnType<typeof moneyHistory>>;
let influencerViewer: Viewer;
let brandViewer: Viewer;
const payoutIds: Record<string, number> = {};

beforeAll(async () => {
  testDb = await createTestDb();
  db = testDb.db;
  history = await moneyHistory(db, clock, HIRES);
  const { influencer, brand } = history;
  payoutIds.paid = await payoutOf(db, influencer.id, 3_000, ago(10), "paid");
  payoutIds.failed = await payoutOf(db, influencer.id, 2_500, ago(8), "failed");
  // Requested at the very instant the brand paid the pending hire: the keyset breaks the tie.
  payoutIds.processing = await payoutOf(db, influencer.id, 2_000, ago(5), "processing");
  influencerViewer = { sessionId: "s", userId: influencer.id, kind: "influencer", username: "i", impersonatorId: null };
  brandViewer = { sessionId: "s", userId: brand.id, kind: "brand", username: "b", impersonatorId: null };
});
afterAll(() => testDb.close());

/** The ledger's own lines of the given kind for these applications, per application, on one account. */
async function ledgerByApplication(kind: "payment" | "release", account: (applicationId: number) => string) {
  const rows = await db
    .select({
      applicationId: ledgerTransactions.applicationId,
      account: ledgerEntries.account,
      cents: ledgerEntries.amountCents,
    })
    .from(ledgerTransactions)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .where(and(eq(ledgerTransactions.kind, kind), inArray(ledgerTransactions.applicationId, history.applicationIds)));
  return new Map(
    rows.filter((row) => row.account === account(row.applicationId ?? 0)).map((row) => [row.applicationId, row.cents]),
  );
}

describe("the money history fixture", () => {
  it("holds money.md's invariants", async () => {
    expect(await ledgerViolations(db, { applicationIds: history.applicationIds })).toEqual([]);
    expect((await ledgerViolations(db)).filter((v) => v.invariant === "payouts")).toEqual([]);
  });
});

describe("earnings.list (GET /api/earnings)", () => {
  it("lists an i-payment per paid hire and a payout per payout, newest first", async () => {
    const { items, nextCursor } = await listEarnings({ db }, influencerViewer, {});
    expect(nextCursor).toBeNull();
    const [pending, spring, refunded, plus] = history.applicationIds;
    expect(items.map((item) => item.id)).toEqual([
      `payout-${payoutIds.processing}`,
      `payment-${pending}`,
      // A failed payout's money came back on the day it failed (settled two days after its request).
      `payout-return-${payoutIds.failed}`,
      `payout-${payoutIds.failed}`,
      `payout-${payoutIds.paid}`,
      `payment-${refunded}`,
      `payment-${spring}`,
      `payment-${plus}`,
    ]);
    expect(items[1]).toMatchObject({
      type: "i-payment",
      diffType: "credit",
      amountCents: 125_000,
      feesPercent: 10,
      amountNoFeesCents: 112_500,
      date: ago(5).toISOString(),
      releaseDate: new Date(ago(5).getTime() + 10 * DAY_MS).toISOString(),
      released: false,
      status: "pending",
      refundDate: null,
      info: { deal: { title: HIRES[0]?.title }, applicationId: pending, method: null, payoutId: null },
    });
    const byId = (id: string) => items.find((item) => item.id === id);
    // A refunded hire stays, told refunded with its day: what it would have earned, never released.
    expect(byId(`payment-${refunded}`)).toMatchObject({
      amountCents: 8_000,
      amountNoFeesCents: 7_200,
      released: false,
      releaseDate: null,
      status: "refunded",
      refundDate: ago(14).toISOString(),
    });
    expect(byId(`payment-${spring}`)).toMatchObject({
      amountCents: 43_400,
      feesPercent: 7.25,
      amountNoFeesCents: influencerNetCents(43_400, 7.25),
      released: true,
      status: "released",
      // Released by the brand a day after paying, before its countdown's end: the day it was released.
      releaseDate: ago(19).toISOString(),
    });
    expect(items[0]).toMatchObject({
      type: "payout",
      diffType: "debit",
      amountCents: 2_000,
      feesPercent: 0,
      amountNoFeesCents: 2_000,
      releaseDate: null,
      released: false,
      status: "processing",
      info: { method: "paypal", payoutId: payoutIds.processing },
    });
    expect(byId(`payout-${payoutIds.failed}`)).toMatchObject({ status: "failed", released: false, releaseDate: null });
    expect(byId(`payout-${payoutIds.paid}`)).toMatchObject({
      status: "paid",
      released: true,
      releaseDate: new Date(ago(10).getTime() + 2 * DAY_MS).toISOString(),
    });
  });

  it("shows every released credit as the ledger wrote it, and the list adds up to the ledger's balance", async () => {
    const { items } = await listEarnings({ db }, influencerViewer, {});
    const credits = await ledgerByApplication("release", () => ledgerAccount.influencer(history.influencer.id));
    const released = items.filter((item) => item.type === "i-payment" && item.released);
    expect(released).toHaveLength(2);
    for (const item of released) expect(item.amountNoFeesCents).toBe(credits.get(item.info.applicationId));
    const balance = await accountBalance(db, ledgerAccount.influencer(history.influencer.id));
    // Every payout's debit, failed ones too, and the return of each failed one's money.
    const sumOf = (type: string) =>
      items.filter((item) => item.type === type).reduce((sum, item) => sum + item.amountNoFeesCents, 0);
    const listed =
      released.reduce((sum, item) => sum + item.amountNoFeesCents, 0) - sumOf("payout") + sumOf("payout-return");
    expect(listed).toBe(balance);
    // What payouts:pending holds is exactly the processing payouts listed.
    const processing = items.filter((item) => item.status === "processing").reduce((s, i) => s + i.amountCents, 0);
    expect(processing).toBe(await accountBalance(db, ledgerAccount.payoutsPending));
  });

  it("pages by keyset without losing or repeating a row, ties included", async () => {
    const whole = (await listEarnings({ db }, influencerViewer, {})).items.map((item) => item.id);
    for (const size of [1, 2, 4]) {
      const walked: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await listEarnings({ db }, influencerViewer, cursor ? { cursor } : {}, size);
        expect(page.items.length).toBeLessThanOrEqual(size);
        walked.push(...page.items.map((item) => item.id));
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      expect(walked).toEqual(whole);
    }
  });

  it("refuses a cursor it did not make as invalid on the cursor, rather than answering the first page again", async () => {
    for (const cursor of ["nonsense", "1.2", "99999999999999999.1.1", "1.1.1.1"]) {
      const caught = await listEarnings({ db }, influencerViewer, { cursor }, 2).catch((error: unknown) => error);
      expect(caught, cursor).toMatchObject({ reason: "invalid", issues: [{ path: ["cursor"] }] });
      const hires = await listHires({ db }, brandViewer, { cursor }, 2).catch((error: unknown) => error);
      expect(hires, cursor).toMatchObject({ reason: "invalid", issues: [{ path: ["cursor"] }] });
    }
  });

  it("is the influencer's own: another influencer sees nothing of it", async () => {
    const other = await moneyHistory(db, clock, []);
    const viewer = { ...influencerViewer, userId: other.influencer.id };
    expect(await listEarnings({ db }, viewer, {})).toEqual({ items: [], nextCursor: null });
  });
});

describe("hires.list (GET /api/hires)", () => {
  it("lists the paid hires with B from the ledger, P, the fee between, and the totals per status", async () => {
    const page = await listHires({ db }, brandViewer, {});
    const payments = await ledgerByApplication("payment", (id) => ledgerAccount.escrow(id));
    const [pending = 0, spring = 0, refunded = 0, plus = 0] = history.applicationIds;
    expect(page.items.map((item) => item.applicationId)).toEqual([pending, refunded, spring, plus]);
    for (const item of page.items) {
      expect(item.amountWithFeesCents).toBe(payments.get(item.applicationId));
      expect(item.feesCents).toBe(item.amountWithFeesCents - item.amountCents);
    }
    expect(page.items[0]).toMatchObject({
      created: ago(5).toISOString(),
      amountCents: 125_000,
      feesPercent: 10,
      feesCents: 12_500,
      amountWithFeesCents: 137_500,
      deal: { title: HIRES[0]?.title },
      influencer: { username: history.influencer.username },
      status: "pending",
      refundDate: null,
    });
    // The refunded hire: its B went back to the card, on the day of the refund.
    expect(page.items[1]).toMatchObject({
      amountWithFeesCents: 8_800,
      status: "refunded",
      refundDate: ago(14).toISOString(),
    });
    // 434.00 * 1.125 = 488.25
    expect(page.items[2]).toMatchObject({ amountCents: 43_400, amountWithFeesCents: 48_825, status: "released" });
    expect(page.totals).toEqual({
      releasedCents: (payments.get(spring) ?? 0) + (payments.get(plus) ?? 0),
      pendingCents: payments.get(pending),
      refundedCents: payments.get(refunded),
    });
  });

  it("pages by keyset, the totals staying those of every hire", async () => {
    const first = await listHires({ db }, brandViewer, {}, 2);
    expect(first.items).toHaveLength(2);
    const second = await listHires({ db }, brandViewer, { cursor: first.nextCursor ?? "" }, 2);
    expect(second.items.map((item) => item.applicationId)).toEqual([
      history.applicationIds[1],
      history.applicationIds[3],
    ]);
    expect(second.nextCursor).toBeNull();
    expect(second.totals).toEqual(first.totals);
  });
});

describe("statements", () => {
  it("the earnings statement lists the same rows in USD, named with the date, formulas defused", async () => {
    const caller = await callerFor(db, { userId: history.influencer.id }, clock);
    const { filename, csv } = await caller.earnings.statement();
    expect(filename).toBe("earnings-statement-2026-06-10.csv");
    const records = csvRecords(csv);
    const { items } = await listEarnings({ db }, influencerViewer, {});
    expect(records).toHaveLength(items.length);
    expect(records[1]).toEqual({
      Date: ago(5).toISOString().slice(0, 10),
      Type: "i-payment",
      "Credit or debit": "credit",
      Description: `'${HIRES[0]?.title}`,
      Status: "pending",
      "Amount (USD)": "1250.00",
      "Fees (%)": "10",
      "Amount without fees (USD)": "1125.00",
      "Release date": new Date(ago(5).getTime() + 10 * DAY_MS).toISOString().slice(0, 10),
      "Refund date": "",
      // The hired network only (youtube was not ticked), in the influencer's words.
      "Usage rights": "Instagram: Post on your account only",
    });
    expect(records.find((r) => r.Description === "Spring launch")?.["Usage rights"]).toBe(
      "Instagram: The brand may repost on its channels for 6 months, worldwide; " +
        "YouTube: The brand may run paid ads from your account for 3 months",
    );
    expect(records[0]?.["Usage rights"]).toBe("");
    expect(records.find((r) => r.Status === "refunded")).toMatchObject({
      Description: "Refunded one",
      "Amount without fees (USD)": "72.00",
      "Release date": "",
      "Refund date": ago(14).toISOString().slice(0, 10),
    });
    expect(records[0]).toMatchObject({ Type: "payout", Description: "Payout by PayPal", "Amount (USD)": "20.00" });
    expect(records.map((r) => r["Amount without fees (USD)"])).toEqual(
      items.map((item) => (item.amountNoFeesCents / 100).toFixed(2)),
    );
    expect(records.at(-1)?.Description).toBe(`'${HIRES[3]?.title}`);
  });

  it("the hires statement lists the same rows and adds up to the totals", async () => {
    const caller = await callerFor(db, { userId: history.brand.id }, clock);
    const { filename, csv } = await caller.hires.statement();
    expect(filename).toBe("hires-statement-2026-06-10.csv");
    const records = csvRecords(csv);
    const { totals } = await listHires({ db }, brandViewer, {});
    const refundDay = ago(14).toISOString().slice(0, 10);
    expect(records.find((r) => r.Description === "Spring launch")?.["Usage rights"]).toBe(
      "Instagram: Repost on your channels for 6 months, worldwide; " +
        "YouTube: Paid ads from the influencer's account for 3 months",
    );
    expect(records.find((r) => r.Description === "Refunded one")?.["Usage rights"]).toBe(
      "Twitter: Post on the influencer's account only",
    );
    expect(
      records.map((r) => [
        r.Description,
        r["Amount (USD)"],
        r["Fees (USD)"],
        r["Total (USD)"],
        r.Status,
        r["Refund date"],
      ]),
    ).toEqual([
      [`'${HIRES[0]?.title}`, "1250.00", "125.00", "1375.00", "pending", ""],
      ["Refunded one", "80.00", "8.00", "88.00", "refunded", refundDay],
      ["Spring launch", "434.00", "54.25", "488.25", "released", ""],
      [`'${HIRES[3]?.title}`, "25.00", "2.50", "27.50", "released", ""],
    ]);
    const sum = (status: string) =>
      records.filter((r) => r.Status === status).reduce((s, r) => s + Math.round(Number(r["Total (USD)"]) * 100), 0);
    expect({ releasedCents: sum("released"), pendingCents: sum("pending"), refundedCents: sum("refunded") }).toEqual(
      totals,
    );
  });
});

describe("who may ask", () => {
  it("earnings are for influencers, hires for brands; a visitor is refused both", async () => {
    const brand = await callerFor(db, { userId: history.brand.id }, clock);
    const influencer = await callerFor(db, { userId: history.influencer.id }, clock);
    const visitor = await callerFor(db, null, clock);
    for (const call of [brand.earnings.list({}), brand.earnings.statement()]) {
      expect(await callFailure(call)).toMatchObject({ code: "FORBIDDEN" });
    }
    for (const call of [influencer.hires.list({}), influencer.hires.statement()]) {
      expect(await callFailure(call)).toMatchObject({ code: "FORBIDDEN" });
    }
    for (const call of [visitor.earnings.list({}), visitor.hires.list({}), visitor.hires.statement()]) {
      expect(await callFailure(call)).toMatchObject({ code: "UNAUTHORIZED" });
    }
  });
});
