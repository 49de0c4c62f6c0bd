import { DAY_MS } from "@market/contracts";
import type { Db } from "@market/db";
import { createTestDb, type TestDb } from "@market/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { callerFor, type TestCaller } from "../../testing";
import { listEarnings } from "./list-earnings";
import { moneyHistory, payoutOf } from "./testing/money-history";
import { csvRecords } from "./testing/read-csv";

/**
 * Issue 32: the earnings statement and the earnings table reconcile with the balance. A failed payout's money left
 * the balance and came back (money.md), so the statement shows both: the payout's debit, marked failed, and its
 * return, a credit on the day it failed.
 */

let testDb: TestDb;
let db: Db;
let influencer: TestCaller;
let influencerId: number;
const clock = fixedClock(new Date("2026-06-10T09:30:00Z"));
const ago = (days: number) => new Date(clock.now().getTime() - days * DAY_MS);
const payoutIds: Record<"paid" | "failed", number> = { paid: 0, failed: 0 };

beforeAll(async () => {
  testDb = await createTestDb();
  db = testDb.db;
  // A $200 hire at a 10% fee, released: $180.00 reach the balance.
  const history = await moneyHistory(db, clock, [
    {
      title: "Summer reel",
      prices: [{ network: "instagram", dollars: 200, hired: true }],
      feeBrandPercent: 10,
      feeInfluencerPercent: 10,
      paidDaysAgo: 20,
      state: "released",
    },
  ]);
  influencerId = history.influencer.id;
  influencer = await callerFor(db, { userId: influencerId }, clock);
  // The figures: $100.50 paid out, $50.00 that failed (settled two days after each request).
  payoutIds.paid = await payoutOf(db, history.influencer.id, 10_050, ago(12), "paid");
  payoutIds.failed = await payoutOf(db, history.influencer.id, 5_000, ago(6), "failed");
});
afterAll(() => testDb.close());

/** A statement's amounts signed by their credit-or-debit column, in cents. */
const signedCents = (record: Record<string, string>) =>
  (record["Credit or debit"] === "debit" ? -1 : 1) * Math.round(Number(record["Amount without fees (USD)"]) * 100);

describe("a failed payout in the earnings", () => {
  it("lists the payout's debit, marked failed, and the money's return, a credit on the day it failed", async () => {
    const { items } = await influencer.earnings.list({});
    expect(items.map((item) => [item.id, item.type, item.diffType, item.amountNoFeesCents, item.status])).toEqual([
      [`payout-return-${payoutIds.failed}`, "payout-return", "credit", 5_000, "returned"],
      [`payout-${payoutIds.failed}`, "payout", "debit", 5_000, "failed"],
      [`payout-${payoutIds.paid}`, "payout", "debit", 10_050, "paid"],
      [expect.stringMatching(/^payment-/), "i-payment", "credit", 18_000, "released"],
    ]);
    const failedAt = new Date(ago(6).getTime() + 2 * DAY_MS).toISOString();
    expect(items[0]).toMatchObject({ date: failedAt, releaseDate: failedAt, released: true });
    expect(items[1]).toMatchObject({ date: ago(6).toISOString(), releaseDate: null, released: false });
  });

  it("the statement's signed amounts add up to the balance's change over its period, and the table's rows agree", async () => {
    // The influencer started at nothing: the statement covers their whole history.
    const { balanceCents } = await influencer.account.balance();
    expect(balanceCents).toBe(18_000 - 10_050);
    const records = csvRecords((await influencer.earnings.statement()).csv);
    expect(records.reduce((sum, record) => sum + signedCents(record), 0)).toBe(balanceCents);
    // What left the account: the debits less the money that came back.
    const sumOf = (kind: string) =>
      records.filter((r) => r["Credit or debit"] === kind).reduce((sum, r) => sum + Math.abs(signedCents(r)), 0);
    expect(sumOf("debit")).toBe(15_050);
    expect(records.map((r) => [r.Type, r.Description, r.Status, r["Amount without fees (USD)"]])).toEqual([
      ["payout-return", "Payout by PayPal failed: money returned", "returned", "50.00"],
      ["payout", "Payout by PayPal", "failed", "50.00"],
      ["payout", "Payout by PayPal", "paid", "100.50"],
      ["i-payment", "Summer reel", "released", "180.00"],
    ]);
    const { items } = await influencer.earnings.list({});
    expect(items.map((item) => [item.type, item.diffType, (item.amountNoFeesCents / 100).toFixed(2)])).toEqual(
      records.map((r) => [r.Type, r["Credit or debit"], r["Amount without fees (USD)"]]),
    );
  });

  it("pages by keyset with the returns among the rows, none lost or repeated, at any page size", async () => {
    const viewer = {
      sessionId: "s",
      userId: influencerId,
      kind: "influencer" as const,
      username: "i",
      impersonatorId: null,
    };
    const whole = (await listEarnings({ db }, viewer, {})).items.map((item) => item.id);
    expect(whole).toContain(`payout-return-${payoutIds.failed}`);
    for (const size of [1, 2, 3]) {
      const walked: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await listEarnings({ db }, viewer, cursor ? { cursor } : {}, size);
        walked.push(...page.items.map((item) => item.id));
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      expect(walked).toEqual(whole);
    }
  });
});
