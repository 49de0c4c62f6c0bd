import type { consolePayoutFailInput } from "@market/contracts";
import type { Db } from "@market/db";
import type { z } from "zod";
import type { Clock } from "../../../clock";
import { fail } from "../../../errors";
import { auditAdminAction } from "../../admin/audit";
import type { Mailer } from "../../mail/mailer";
import type { WebhookJobs } from "../../notifications/notify";
import { queuePayoutFailedMail } from "../../payouts/payout-mail";
import { markPayoutFailed } from "../../payouts/settle";
import { lockQueuedPayout, repollPending, workerHolds } from "./lock-queued";

type FailInput = z.output<typeof consolePayoutFailInput>;

export interface FailQueuedDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  webhookJobs?: WebhookJobs | undefined;
}

/**
 * The operator's Mark failed (issue 36, point 2) of a held or stuck payout: the payouts' own failure path
 * (settle.ts markPayoutFailed: payout_failed returns the money to the balance, once, by its idempotency key), as
 * `cancelled` with the operator's reason as its message, which the influencer reads on the tracker, in the
 * notification and in the mail; audited in the same transaction. Refused while the worker is asking the provider
 * (its answer might be "paid"). The operator should know the provider will not pay it still (cancel it there):
 * the product cannot take back money a provider pays after this.
 */
export async function failQueuedPayout(
  deps: FailQueuedDeps,
  adminId: number,
  input: FailInput,
): Promise<{ payoutId: number }> {
  const now = deps.clock.now();
  const failed = await deps.db.transaction(async (tx) => {
    const { payout, state } = await lockQueuedPayout(tx, input.id, now);
    if (state !== "held" && state !== "stuck") fail("conflict", "Only a held or stuck payout can be marked failed.");
    if (workerHolds(payout, now) || repollPending(payout, now))
      fail("conflict", "The worker is asking the provider about this payout right now.");
    const done = await markPayoutFailed(
      tx,
      payout.id,
      { reason: "cancelled", message: input.reason },
      now,
      deps.webhookJobs,
    );
    if (!done) fail("conflict");
    await auditAdminAction(tx, {
      adminId,
      impersonatedUserId: null,
      action: "payout_mark_failed",
      targetType: "payout",
      targetId: payout.id,
      reason: input.reason,
      details: { state, amountCents: payout.amountCents, influencerId: payout.userId },
      at: now,
    });
    // The influencer's mail, queued with the failure as the worker's is (the mail job sends it once this commits).
    await queuePayoutFailedMail(deps, tx, done, { reason: "cancelled", message: input.reason });
    return done;
  });
  return { payoutId: failed.id };
}
