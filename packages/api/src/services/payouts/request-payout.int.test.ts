import { type Db, eq, ledgerEntries, payouts, users } from "@market/db";
import { useTestDb } from "@market/db/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { callerFor, callFailure, createBrand } from "../../testing";
import { ledgerAccount } from "../ledger/accounts";
import { accountBalance } from "../ledger/balance";
import {
  influencerWith as influencerWith_,
  PAYOUT_TEST_PASSWORD,
  payoutViolations,
  paypalPayout,
} from "./testing/payout-fixtures";

let db: Db;
const clock = fixedClock(new Date("2026-03-02T10:00:00Z"));
const PASSWORD = PAYOUT_TEST_PASSWORD;

const testDb = useTestDb();
beforeAll(() => {
  db = testDb.db;
});

const influencerWith = (cents: number) => influencerWith_(db, clock, cents);
const paypal = paypalPayout;
const wiseBank = {
  method: "transferwise",
  amountInCents: 2_000,
  password: PASSWORD,
  email: "ann@example.com",
  accountOwnerName: "Ann Lee",
  receiveBy: "bank",
  bankAccount: {
    routingNumber: "111000025",
    accountNumber: "12345678",
    accountType: "CHECKING",
    address: { country: "US", state: "NY", city: "New York", firstLine: "50 Branson Ave", postCode: "10025" },
  },
} as const;

describe("earnings.requestPayout", () => {
  it("takes the amount out of the balance at once: influencer -A, payouts:pending +A, a requested payout", async () => {
    const { user, caller } = await influencerWith(5_000);
    const pendingBefore = await accountBalance(db, ledgerAccount.payoutsPending);

    const result = await caller.earnings.requestPayout(paypal(2_000));

    expect(result.balanceCents).toBe(3_000);
    expect(result.payout).toMatchObject({
      method: "paypal",
      amountCents: 2_000,
      email: "me@example.com",
      accountOwnerName: null,
      state: "requested",
      steps: [{ step: "requested", at: "2026-03-02T10:00:00.000Z" }],
      releaseDate: null,
      canRetry: false,
    });
    expect(await caller.account.balance()).toEqual({ balanceCents: 3_000 });
    expect(await accountBalance(db, ledgerAccount.payoutsPending)).toBe(pendingBefore + 2_000);
    const entries = await db
      .select({ account: ledgerEntries.account, cents: ledgerEntries.amountCents })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.account, ledgerAccount.influencer(user.id)));
    expect(entries.map((entry) => entry.cents)).toEqual([5_000, -2_000]);
    expect(await payoutViolations(db)).toEqual([]);
  });

  it("takes the whole balance, a comma-free amount in cents, and transferwise with the trimmed owner's name", async () => {
    const { caller } = await influencerWith(2_550);
    const result = await caller.earnings.requestPayout({
      method: "transferwise",
      amountInCents: 2_550,
      password: PASSWORD,
      email: " Me@Example.COM ",
      accountOwnerName: "  Ann Lee  ",
    });
    expect(result.payout).toMatchObject({
      method: "transferwise",
      email: "me@example.com",
      accountOwnerName: "Ann Lee",
    });
    expect(result.balanceCents).toBe(0);
  });

  it("refuses more than the balance with not_enough_earnings and moves nothing", async () => {
    const { user, caller } = await influencerWith(4_999);
    expect(await callFailure(caller.earnings.requestPayout(paypal(5_000)))).toMatchObject({
      code: "CONFLICT",
      reason: "not_enough_earnings",
    });
    expect(await caller.account.balance()).toEqual({ balanceCents: 4_999 });
    expect(await db.select().from(payouts).where(eq(payouts.userId, user.id))).toEqual([]);
  });

  it("refuses a balance below the minimum even for all of it", async () => {
    const { caller } = await influencerWith(1_999);
    expect(await callFailure(caller.earnings.requestPayout(paypal(1_999)))).toMatchObject({
      reason: "invalid",
      issues: ["amountInCents"],
    });
  });

  it("checks every field: amount, password, email, owner's name for transferwise, the method", async () => {
    const { caller } = await influencerWith(10_000);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...paypal(1_999) }, "amountInCents"],
      [{ ...paypal(2_000.5) }, "amountInCents"],
      [{ ...paypal(-2_000) }, "amountInCents"],
      [{ ...paypal(2_000), amountInCents: "2000" }, "amountInCents"],
      [{ ...paypal(2_000), password: "" }, "password"],
      [{ ...paypal(2_000), password: undefined }, "password"],
      [{ ...paypal(2_000), email: "nope" }, "email"],
      [{ ...paypal(2_000), email: "" }, "email"],
      [{ ...paypal(2_000), method: "bitcoin" }, "method"],
      [{ ...paypal(2_000), method: "transferwise" }, "accountOwnerName"],
      [{ ...paypal(2_000), method: "transferwise", accountOwnerName: "   " }, "accountOwnerName"],
      [{ ...wiseBank, receiveBy: "bank", bankAccount: undefined }, "bankAccount"],
      [
        { ...wiseBank, bankAccount: { ...wiseBank.bankAccount, routingNumber: "111000026" } },
        "bankAccount.routingNumber",
      ],
      [{ ...wiseBank, bankAccount: { ...wiseBank.bankAccount, accountNumber: "12" } }, "bankAccount.accountNumber"],
      [{ ...wiseBank, bankAccount: { ...wiseBank.bankAccount, accountType: "CD" } }, "bankAccount.accountType"],
      [
        {
          ...wiseBank,
          bankAccount: { ...wiseBank.bankAccount, address: { ...wiseBank.bankAccount.address, postCode: "1" } },
        },
        "bankAccount.address.postCode",
      ],
      [{ ...wiseBank, receiveBy: "iban" }, "receiveBy"],
    ];
    for (const [input, field] of cases) {
      expect(await callFailure(caller.earnings.requestPayout(input as never))).toMatchObject({
        reason: "invalid",
        issues: [field],
      });
    }
    expect(await caller.account.balance()).toEqual({ balanceCents: 10_000 });
  });

  it("takes a transferwise payout to a US bank account: the account sealed at rest, named without its number", async () => {
    const { caller } = await influencerWith(5_000);
    const { payout } = await caller.earnings.requestPayout(wiseBank);
    expect(payout).toMatchObject({ method: "transferwise", bankAccount: "Checking account ending in 5678" });
    const [row] = await db.select().from(payouts).where(eq(payouts.id, payout.id));
    expect(row?.bankAccount).toMatch(/^v1\./);
    expect(row?.bankAccount).not.toContain("12345678");
    expect(row?.bankAccount).not.toContain("111000025");
  });

  it("answers bad_password for a wrong password and rate-limits the guessing", async () => {
    const { caller } = await influencerWith(10_000);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect(await callFailure(caller.earnings.requestPayout({ ...paypal(2_000), password: "guess" }))).toMatchObject({
        code: "BAD_REQUEST",
        reason: "bad_password",
      });
    }
    expect(await callFailure(caller.earnings.requestPayout(paypal(2_000)))).toMatchObject({ reason: "rate_limited" });
    expect(await caller.account.balance()).toEqual({ balanceCents: 10_000 });
  });

  it("refuses brands, visitors and an admin impersonating the influencer", async () => {
    const { user } = await influencerWith(10_000);
    const brand = await callerFor(db, { userId: (await createBrand(db)).id }, clock);
    expect(await callFailure(brand.earnings.requestPayout(paypal(2_000)))).toMatchObject({ reason: "forbidden" });
    expect(await callFailure(brand.earnings.payouts({}))).toMatchObject({ reason: "forbidden" });
    const visitor = await callerFor(db, null, clock);
    expect(await callFailure(visitor.earnings.requestPayout(paypal(2_000)))).toMatchObject({ reason: "unauthorized" });
    const admin = await createBrand(db);
    await db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.id));
    const acting = await callerFor(db, { userId: user.id, impersonatorId: admin.id }, clock);
    expect(await callFailure(acting.earnings.requestPayout(paypal(2_000)))).toMatchObject({ reason: "forbidden" });
    expect(await accountBalance(db, ledgerAccount.influencer(user.id))).toBe(10_000);
  });

  it("lets two payouts at once take at most the balance: one is refused with not_enough_earnings", async () => {
    const { user, caller } = await influencerWith(5_000);
    const other = await callerFor(db, { userId: user.id }, clock);
    const results = await Promise.allSettled([
      caller.earnings.requestPayout(paypal(3_000)),
      other.earnings.requestPayout(paypal(3_000)),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refused = results.find((result) => result.status === "rejected");
    expect(await callFailure(Promise.reject(refused?.reason))).toMatchObject({ reason: "not_enough_earnings" });
    expect(await accountBalance(db, ledgerAccount.influencer(user.id))).toBe(2_000);
    expect(await db.select().from(payouts).where(eq(payouts.userId, user.id))).toHaveLength(1);
    expect(await payoutViolations(db)).toEqual([]);
  });

  it("lets many payouts at once take exactly what the balance allows", async () => {
    const { user } = await influencerWith(10_000);
    const callers = await Promise.all(Array.from({ length: 6 }, () => callerFor(db, { userId: user.id }, clock)));
    const results = await Promise.allSettled(callers.map((caller) => caller.earnings.requestPayout(paypal(2_000))));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(5);
    expect(await accountBalance(db, ledgerAccount.influencer(user.id))).toBe(0);
  });
});
