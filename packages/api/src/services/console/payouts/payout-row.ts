import type { ConsolePayoutState, ConsolePayoutView } from "@market/contracts";
import { type Payout, payouts, users } from "@market/db";

/** The columns a console row reads: the payout and its influencer's names. */
export const payoutRowColumns = {
  payout: payouts,
  username: users.username,
  email: users.email,
};

export interface PayoutRow {
  payout: Payout;
  username: string;
  email: string;
}

/** A payout as the console shows it; the bank account only as its summary, never its numbers. */
export function consolePayoutView(row: PayoutRow, state: ConsolePayoutState): ConsolePayoutView {
  const { payout } = row;
  const since = state === "failed" ? (payout.failedAt ?? payout.updatedAt) : (payout.sentAt ?? payout.requestedAt);
  return {
    id: payout.id,
    influencer: { id: payout.userId, username: row.username, email: row.email },
    amountCents: payout.amountCents,
    method: payout.method,
    destination: payout.bankAccountSummary ?? payout.email,
    accountOwnerName: payout.accountOwnerName,
    provider: payout.provider,
    state,
    since: since.toISOString(),
    requestedAt: payout.requestedAt.toISOString(),
    failure:
      payout.status === "failed" || payout.status === "cancelled"
        ? { reason: payout.failureReason ?? "cancelled", message: payout.failureMessage }
        : null,
    holdReason: payout.holdReason,
    attempts: payout.attempts,
  };
}
