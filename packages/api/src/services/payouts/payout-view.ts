import type { PayoutState, PayoutStepView, PayoutView } from "@market/contracts";
import type { Payout } from "@market/db";

/** Where a stored payout stands for the tracker: processing splits into requested and sent (by sentAt). */
export function payoutState(payout: Payout): PayoutState {
  if (payout.status === "paid") return "paid";
  if (payout.status === "failed" || payout.status === "cancelled") return "failed";
  return payout.sentAt ? "sent" : "requested";
}

/** The steps reached, in order, with their dates. */
function stepsOf(payout: Payout): PayoutStepView[] {
  const steps: PayoutStepView[] = [{ step: "requested", at: payout.requestedAt.toISOString() }];
  if (payout.sentAt) steps.push({ step: "sent", at: payout.sentAt.toISOString() });
  if (payout.status === "paid" && payout.releaseDate)
    steps.push({ step: "paid", at: payout.releaseDate.toISOString() });
  if (payoutState(payout) === "failed")
    steps.push({ step: "failed", at: (payout.failedAt ?? payout.updatedAt).toISOString() });
  return steps;
}

/** A payout as the tracker shows it; `retriedBy` is the id of its retry, when one was made. */
export function payoutView(payout: Payout, retriedBy: number | null): PayoutView {
  const state = payoutState(payout);
  return {
    id: payout.id,
    method: payout.method,
    amountCents: payout.amountCents,
    email: payout.email,
    accountOwnerName: payout.accountOwnerName,
    bankAccount: payout.bankAccountSummary,
    state,
    steps: stepsOf(payout),
    requestedAt: payout.requestedAt.toISOString(),
    releaseDate: payout.releaseDate?.toISOString() ?? null,
    failure:
      state === "failed"
        ? { reason: payout.failureReason ?? "cancelled", message: payout.failureMessage ?? null }
        : null,
    notice: payout.status === "processing" ? payout.holdReason : null,
    retryOf: payout.retryOfPayoutId,
    retriedBy,
    canRetry: state === "failed" && retriedBy === null,
  };
}
