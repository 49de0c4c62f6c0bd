import { formatUsd, HOUR_MS, PAYOUT_METHOD_LABELS, type PayoutFailureReason } from "@market/contracts";
import { and, eq, isNotNull, or, type Payout, payouts, type Tx } from "@market/db";
import { ledgerAccount } from "../ledger/accounts";
import { postLedgerTransaction } from "../ledger/post";
import { notify, type WebhookJobs } from "../notifications/notify";

/**
 * The two ends of a payout (money.md), each one transaction with its ledger entries, written only while the payout
 * is still processing (the row locked), so a second worker or a replayed outcome changes nothing twice; the ledger's
 * idempotency keys back that up. A paid payout still watched for a bounce (watch_until) may yet fail.
 */

async function lockProcessing(tx: Tx, payoutId: number, orWatched = false): Promise<Payout | null> {
  const state = orWatched
    ? or(eq(payouts.status, "processing"), and(eq(payouts.status, "paid"), isNotNull(payouts.watchUntil)))
    : eq(payouts.status, "processing");
  const [payout] = await tx
    .select()
    .from(payouts)
    .where(and(eq(payouts.id, payoutId), state))
    .for("update");
  return payout ?? null;
}

/** The first look at a paid payout watched for a bounce: bounces come days later (Wise: 2-3 business days). */
const FIRST_WATCH_LOOK_MS = HOUR_MS;

/**
 * Paid: the release date is set (the earnings stop showing it as processing); payouts:pending -A, external:payouts +A.
 * The influencer is notified (and mailed, unless they turned application updates off: the notification mail sweep).
 * With `watchUntil` (the provider may still return the money: a Wise bounce), the worker keeps looking until then.
 */
export async function markPayoutPaid(
  tx: Tx,
  payoutId: number,
  now: Date,
  watchUntil: Date | null = null,
  webhookJobs?: WebhookJobs,
): Promise<Payout | null> {
  const payout = await lockProcessing(tx, payoutId);
  if (!payout) return null;
  await tx
    .update(payouts)
    .set({
      status: "paid",
      releaseDate: now,
      updatedAt: now,
      nextAttemptAt: watchUntil ? new Date(now.getTime() + FIRST_WATCH_LOOK_MS) : null,
      claimedUntil: null,
      holdReason: null,
      watchUntil,
    })
    .where(eq(payouts.id, payout.id));
  await postLedgerTransaction(
    tx,
    { kind: "payout_paid", payoutId: payout.id, idempotencyKey: `payout_paid:${payout.id}` },
    { [ledgerAccount.payoutsPending]: -payout.amountCents, [ledgerAccount.externalPayouts]: payout.amountCents },
  );
  await notify(tx, [{ userId: payout.userId, type: "payout_paid", text: paidText(payout), createdAt: now }], {
    subject: webhookSubject(payout, "paid", null),
    webhookJobs,
  });
  return payout;
}

/**
 * Failed: the money returns to the balance (payouts:pending -A, influencer +A) and the influencer gets a
 * notification saying why; the caller mails them after the commit. A paid payout that bounced (still watched) had
 * its money leave for the rails (external:payouts): it comes back first (payout_returned: external:payouts -A,
 * payouts:pending +A), then returns to the balance by the same failure.
 */
export async function markPayoutFailed(
  tx: Tx,
  payoutId: number,
  failure: { reason: PayoutFailureReason; message: string | null },
  now: Date,
  webhookJobs?: WebhookJobs,
): Promise<Payout | null> {
  const payout = await lockProcessing(tx, payoutId, true);
  if (!payout) return null;
  if (payout.status === "paid") {
    await postLedgerTransaction(
      tx,
      { kind: "payout_returned", payoutId: payout.id, idempotencyKey: `payout_returned:${payout.id}` },
      { [ledgerAccount.externalPayouts]: -payout.amountCents, [ledgerAccount.payoutsPending]: payout.amountCents },
    );
  }
  const message = failure.message?.slice(0, 1000) ?? null;
  await tx
    .update(payouts)
    .set({
      status: "failed",
      failedAt: now,
      failureReason: failure.reason,
      failureMessage: message,
      updatedAt: now,
      nextAttemptAt: null,
      claimedUntil: null,
      holdReason: null,
      watchUntil: null,
    })
    .where(eq(payouts.id, payout.id));
  await postLedgerTransaction(
    tx,
    { kind: "payout_failed", payoutId: payout.id, idempotencyKey: `payout_failed:${payout.id}` },
    {
      [ledgerAccount.payoutsPending]: -payout.amountCents,
      [ledgerAccount.influencer(payout.userId)]: payout.amountCents,
    },
  );
  await notify(
    tx,
    [
      {
        userId: payout.userId,
        type: "payout_failed",
        text: failureText(payout, failure.reason, message),
        createdAt: now,
      },
    ],
    { subject: webhookSubject(payout, "failed", failure.reason), webhookJobs },
  );
  return payout;
}

const REASON_TEXT: Record<PayoutFailureReason, string> = {
  invalid_account: "the receiving account does not exist or cannot receive money",
  rejected: "the payment provider refused it",
  returned: "the money was sent back",
  cancelled: "it was cancelled",
  provider_error: "the payment provider could not complete it",
};

/** As every screen writes an amount ("$1,250.00"), so the notification and the mail name what the tracker shows. */
const amountOf = (payout: Payout) => formatUsd(payout.amountCents);
const methodOf = (payout: Payout) => PAYOUT_METHOD_LABELS[payout.method];

/** What the influencer is told of a paid payout. */
export const paidText = (payout: Payout): string =>
  `Your ${amountOf(payout)} payout by ${methodOf(payout)} to ${payout.email} was paid.`;

/** What the influencer is told, in the notification and the mail. */
export function failureText(payout: Payout, reason: PayoutFailureReason, message: string | null): string {
  // The provider's own sentence, in brackets: its closing full stop would end ours twice ("…".).).
  const detail = message ? ` (${message.trim().replace(/\.+$/, "")})` : "";
  return `Your ${amountOf(payout)} payout by ${methodOf(payout)} to ${payout.email} failed: ${REASON_TEXT[reason]}${detail}. The money is back in your balance; you can retry it from your earnings.`;
}

/** The payout as its webhook event tells it (payout.paid, payout.failed). */
function webhookSubject(payout: Payout, status: "paid" | "failed", failureReason: PayoutFailureReason | null) {
  return {
    payout: { id: payout.id, amountCents: payout.amountCents, method: payout.method, status, failureReason },
  };
}
