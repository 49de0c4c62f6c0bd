import type { Db } from "@market/db";
import { useTestDb } from "@market/db/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { callerFor, callFailure, createAdminUser, createBrand } from "../../testing";
import { ledgerAccount } from "../ledger/accounts";
import { accountBalance } from "../ledger/balance";
import { mailQueue } from "../mail/mailer";
import { createTokenCipher, DEV_NETWORK_TOKEN_KEY } from "../networks/token-cipher";
import { sandboxPayoutProvider } from "../payouts/sandbox/sandbox-provider";
import { influencerWith, payoutViolations } from "../payouts/testing/payout-fixtures";
import { sweepPayouts } from "../payouts/worker";
import { createTestPayout, TEST_PAYOUT_FAILURE, type TestPayoutInput, testPayoutInput } from "./test-payout";

let db: Db;
const clock = fixedClock(new Date("2026-03-02T10:00:00Z"));
const tokenCipher = createTokenCipher(DEV_NETWORK_TOKEN_KEY);
const testDb = useTestDb();
beforeAll(() => {
  db = testDb.db;
});

const make = (input: TestPayoutInput) => createTestPayout({ db, clock, tokenCipher }, testPayoutInput.parse(input));
const balanceOf = (userId: number) => accountBalance(db, ledgerAccount.influencer(userId));

/** The console's queue of a state, as an admin reads it. */
async function queue(state: "failed" | "stuck", username: string) {
  const admin = await createAdminUser(db);
  const caller = await callerFor(db, { userId: admin.id }, clock);
  return (await caller.admin.console.payouts.list({ state, username })).items;
}

describe("createTestPayout (POST /api/test/payouts)", () => {
  it("puts a failed PayPal payout in the console's queue, its money back in the balance", async () => {
    const { user } = await influencerWith(db, clock, 10_000);
    const { id } = await make({ influencerId: user.id, state: "failed", amountCents: 3_000 });
    const [row] = await queue("failed", user.username);
    expect(row).toMatchObject({
      id,
      state: "failed",
      provider: "paypal",
      amountCents: 3_000,
      failure: { reason: "provider_error", message: TEST_PAYOUT_FAILURE },
    });
    expect(await balanceOf(user.id)).toBe(10_000);
    expect(await payoutViolations(db)).toEqual([]);
  });

  it("puts a stuck PayPal payout in the queue, which the worker leaves alone until an operator acts", async () => {
    const { user } = await influencerWith(db, clock, 10_000);
    const { id } = await make({ influencerId: user.id, state: "stuck" });
    const worker = { db, clock, mailer: mailQueue(clock), tokenCipher };
    const sandbox = sandboxPayoutProvider({ clock, delayMs: 1_000, method: "paypal" });
    await sweepPayouts({ ...worker, payoutProviders: { paypal: sandbox, transferwise: sandbox } });
    const [row] = await queue("stuck", user.username);
    expect(row).toMatchObject({ id, state: "stuck", provider: "paypal", attempts: 3, amountCents: 2_000 });
    expect(await balanceOf(user.id)).toBe(8_000);
    expect(await payoutViolations(db)).toEqual([]);
  });

  it("refuses an id that is no influencer, and more than the balance", async () => {
    const brand = await createBrand(db);
    expect(await callFailure(make({ influencerId: brand.id, state: "failed" }))).toMatchObject({
      reason: "not_found",
    });
    const { user } = await influencerWith(db, clock, 2_500);
    expect(await callFailure(make({ influencerId: user.id, state: "stuck", amountCents: 3_000 }))).toMatchObject({
      reason: "not_enough_earnings",
    });
    expect(await balanceOf(user.id)).toBe(2_500);
  });
});
