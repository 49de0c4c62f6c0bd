import { z } from "zod";
import { adminReason, consoleCursor } from "./admin-console";
import type { PayoutMethod } from "./enums";
import { rowId } from "./ids";
import type { PayoutFailureReason } from "./payouts";
import { DAY_MS, HOUR_MS, MINUTE_MS } from "./time";

/**
 * The console's payouts queue (issue 36, point 2): payouts an operator must look at. `failed`: the provider refused
 * or returned it and nobody retried it yet; `held`: the provider waits for the operator (Wise's strong customer
 * authentication, hold_reason); `stuck`: sent, not held, and unanswered past its provider's expected time.
 */
export const CONSOLE_PAYOUT_STATES = ["failed", "held", "stuck"] as const;
export type ConsolePayoutState = (typeof CONSOLE_PAYOUT_STATES)[number];

/** Who pays a payout: the sandbox for a method without its real provider configured, else Wise or PayPal. */
export const PAYOUT_PROVIDER_NAMES = ["sandbox", "wise", "paypal"] as const;
export type PayoutProviderName = (typeof PAYOUT_PROVIDER_NAMES)[number];

/**
 * How long after it was sent a payout may go unanswered before the queue calls it stuck, per provider.
 * - sandbox: it pays after SANDBOX_PAYOUT_DELAY_MS (30 s by default); ten minutes is many polls past that.
 * - Wise: docs/architecture.md cites no delivery time for a USD ACH payout; Wise's own estimates are one to two
 *   business days, so three days (a weekend included) before an operator looks.
 * - PayPal Payouts: a batch usually completes within minutes; an unclaimed item stays pending up to 30 days, which
 *   is not the provider being stuck, but a day without an answer is worth an operator's look.
 */
export const PAYOUT_EXPECTED_MS: Readonly<Record<PayoutProviderName, number>> = {
  sandbox: 10 * MINUTE_MS,
  wise: 3 * DAY_MS,
  paypal: 24 * HOUR_MS,
};

/** The queue's filters; the state defaults to failed (the list pages within one state, oldest first). */
export const consolePayoutListInput = z.object({
  state: z.enum(CONSOLE_PAYOUT_STATES).default("failed"),
  provider: z.enum(PAYOUT_PROVIDER_NAMES).optional(),
  /** The influencer's exact username (case-insensitive). */
  username: z.string().trim().min(1).max(60).optional(),
  cursor: consoleCursor,
});
export type ConsolePayoutListInput = z.input<typeof consolePayoutListInput>;

/** One row of the queue. Never a token nor a full bank number: the bank account is its summary. */
export interface ConsolePayoutView {
  id: number;
  influencer: { id: number; username: string; email: string };
  amountCents: number;
  method: PayoutMethod;
  /** The PayPal or Wise email, or the bank account's summary ("Checking account ending in 6789"). */
  destination: string;
  accountOwnerName: string | null;
  provider: PayoutProviderName;
  state: ConsolePayoutState;
  /** Since when it is in its state: failed at, or sent at (held and stuck). */
  since: string;
  requestedAt: string;
  /** The failure's reason and the provider's (or operator's) words, or the hold's reason. */
  failure: { reason: PayoutFailureReason; message: string | null } | null;
  holdReason: string | null;
  /** Sends or polls that went unanswered in a row (the worker's backoff). */
  attempts: number;
}

export interface ConsolePayoutPage {
  items: ConsolePayoutView[];
  nextCursor: string | null;
}

/** How many payouts each state of the queue holds (the tabs). */
export type ConsolePayoutCounts = Record<ConsolePayoutState, number>;

/** One ledger transaction about a payout, with its entries, for the payout's history. */
export interface ConsolePayoutLedgerView {
  id: number;
  kind: string;
  at: string;
  entries: { account: string; amountCents: number }[];
}

/** A payout's detail: its row, its ledger history, its retries, and what the provider made (no secrets). */
export interface ConsolePayoutDetail {
  payout: ConsolePayoutView & {
    /** Where the payout stands in the product: processing, paid, failed, cancelled. */
    status: string;
    /** The queue state, or null when it is in none (paid, processing in time). */
    queueState: ConsolePayoutState | null;
    sentAt: string | null;
    releaseDate: string | null;
    failedAt: string | null;
    nextAttemptAt: string | null;
    providerReference: string | null;
    retryOf: number | null;
    retriedBy: number | null;
    /**
     * When the job engine last gave up on this payout's job (its retries spent, the provider not answering), on
     * PostgreSQL; null otherwise. The payout is tried again at its next look.
     */
    deadLetteredAt: string | null;
  };
  /** provider_state's keys and their ids (Wise: quote and recipient ids); values other than ids are left out. */
  providerState: { key: string; value: string }[];
  ledger: ConsolePayoutLedgerView[];
}

export const consolePayoutIdInput = z.object({ id: rowId });

/**
 * Retry a failed payout (a new payout of it), or have the worker poll a held or stuck one now. `state` is the state
 * the operator saw: a retry means something else in each, so a payout that changed state since is a conflict (a
 * stuck payout another operator just marked failed is not retried as a failed one).
 */
export const consolePayoutRetryInput = z.object({
  id: rowId,
  state: z.enum(CONSOLE_PAYOUT_STATES),
  reason: adminReason,
});
/** Fail a held or stuck payout: the money returns to the influencer's balance, who reads the reason. */
export const consolePayoutFailInput = z.object({ id: rowId, reason: adminReason });

/** What a retry did: a new payout (failed), or the payout queued for the worker's next pass (held, stuck). */
export type ConsolePayoutRetried = { outcome: "retried"; payoutId: number } | { outcome: "repoll"; payoutId: number };
