import { type Db, isNotNull, payouts } from "@market/db";
import { useTestDb } from "@market/db/testing";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { mailQueue } from "../mail/mailer";
import { createTokenCipher, DEV_NETWORK_TOKEN_KEY } from "../networks/token-cipher";
import type { PayoutOrder, PayoutProviders, SendOutcome } from "./provider";
import { influencerWith, paypalPayout } from "./testing/payout-fixtures";
import { sweepPayouts } from "./worker";

let db: Db;
const clock = fixedClock(new Date("2026-03-02T10:00:00Z"));
const testDb = useTestDb();
beforeAll(() => {
  db = testDb.db;
});
beforeEach(async () => {
  // Only this test's payouts are due: earlier ones are set aside.
  await db.update(payouts).set({ nextAttemptAt: null, watchUntil: null }).where(isNotNull(payouts.nextAttemptAt));
});

/** Wise's slowest advance of one payout: four calls of at most 20 s each (worker.ts). */
const SLOW_SEND_MS = 80_000;

describe("claims of the payout worker", () => {
  it("a payout claimed late in a slow pass is not taken again by a pass that starts meanwhile (no double send)", async () => {
    const sends = new Map<string, number>();
    let otherPass: Promise<number> | undefined;
    const deps = () => ({
      db,
      clock,
      payoutProviders: { paypal: slow, transferwise: slow } as PayoutProviders,
      mailer: mailQueue(clock),
      tokenCipher: createTokenCipher(DEV_NETWORK_TOKEN_KEY),
    });
    // Each send takes Wise's slowest time on the test's clock. While the second payout is being sent, another
    // instance starts its pass (the 10-second timer does not wait for the first pass to end).
    const slow = {
      name: "sandbox" as const,
      async send(order: PayoutOrder): Promise<SendOutcome> {
        const count = (sends.get(order.reference) ?? 0) + 1;
        sends.set(order.reference, count);
        clock.advance(SLOW_SEND_MS);
        if (sends.size === 2 && count === 1 && !otherPass) {
          otherPass = sweepPayouts(deps());
          await otherPass;
        }
        return { status: "sent", providerReference: `transfer-${order.reference}` };
      },
      async status() {
        return { status: "pending" as const };
      },
    };
    for (const amount of [2_000, 3_000]) {
      const { caller } = await influencerWith(db, clock, 5_000);
      await caller.earnings.requestPayout(paypalPayout(amount));
    }

    await sweepPayouts(deps());

    expect(otherPass).toBeDefined();
    expect([...sends.values()]).toEqual([1, 1]);
  });
});
