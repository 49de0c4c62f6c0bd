import { DAY_MS, HOUR_MS, MIN_PAYOUT_CENTS, MINUTE_MS, rowId } from "@market/contracts";
import { and, type Db, eq, payouts, users } from "@market/db";
import { z } from "zod";
import type { Clock } from "../../clock";
import { fail } from "../../errors";
import type { TokenCipher } from "../networks/token-cipher";
import { createPayout } from "../payouts/create-payout";
import { markPayoutFailed } from "../payouts/settle";

/**
 * Body of POST /api/test/payouts: a payout of the influencer's balance (a test account whose hire was released,
 * e2e users.hire), put in a state of the console's payouts queue that the sandbox cannot produce on its own:
 * - failed: a PayPal payout PayPal could not complete (provider_error), to the influencer's own address, so an
 *   operator's retry is paid by the sandbox; its money is back in the balance;
 * - stuck: a PayPal payout sent two days ago and never answered (three polls), past PayPal's expected day, with a
 *   reference the sandbox cannot read, as a real provider's would be: it stays until an operator acts.
 */
export const testPayoutInput = z
  .object({
    influencerId: rowId,
    state: z.enum(["failed", "stuck"]),
    amountCents: z.number().int().min(MIN_PAYOUT_CENTS).max(1_000_000).default(MIN_PAYOUT_CENTS),
  })
  .strict();
export type TestPayoutInput = z.input<typeof testPayoutInput>;

/** What PayPal answers when it cannot complete a payout, as the demo's failed payout says it. */
export const TEST_PAYOUT_FAILURE = "PayPal answered INTERNAL_SERVICE_ERROR";

/**
 * Writes the payout as the product does (createPayout under the balance's lock, with its payout_request; a failed
 * one then settled by markPayoutFailed, with its payout_failed and the influencer's notification), then sets what
 * only time and a provider would (when it was sent, its reference, its polls), all in one transaction, so the
 * server's payout worker never sees it half made. Refuses an id that is no influencer (not_found) and an amount
 * above the balance (not_enough_earnings).
 */
export async function createTestPayout(
  deps: { db: Db; clock: Clock; tokenCipher: TokenCipher },
  input: z.output<typeof testPayoutInput>,
): Promise<{ id: number }> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [user] = await tx
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.id, input.influencerId), eq(users.kind, "influencer")))
      .limit(1);
    if (!user) fail("not_found");
    const sentAt =
      input.state === "failed" ? new Date(now.getTime() - 10 * MINUTE_MS) : new Date(now.getTime() - 2 * DAY_MS);
    // No job sent: the state below is made up; the job engine's sweep of due payouts finds it as the worker would.
    const { payout } = await createPayout(
      tx,
      { tokenCipher: deps.tokenCipher },
      {
        influencerId: input.influencerId,
        method: "paypal",
        amountCents: input.amountCents,
        email: user.email,
        accountOwnerName: null,
        bankAccount: null,
        now: new Date(sentAt.getTime() - MINUTE_MS),
      },
    );
    const stuck = input.state === "stuck";
    await tx
      .update(payouts)
      .set({
        sentAt,
        providerReference: `PAYOUT-BATCH-E2E-${payout.id}`,
        attempts: stuck ? 3 : 0,
        // The worker's next look, an hour on: until then nothing but an operator changes it.
        nextAttemptAt: new Date(now.getTime() + HOUR_MS),
        updatedAt: sentAt,
      })
      .where(eq(payouts.id, payout.id));
    if (!stuck) await markPayoutFailed(tx, payout.id, { reason: "provider_error", message: TEST_PAYOUT_FAILURE }, now);
    return { id: payout.id };
  });
}
