import {
  type ConsolePayoutState,
  PAYOUT_EXPECTED_MS,
  PAYOUT_PROVIDER_NAMES,
  type PayoutProviderName,
} from "@market/contracts";
import { and, eq, isNotNull, isNull, lt, or, type Payout, payouts, type SQL, sql } from "@market/db";

/**
 * The payouts queue's states as SQL and as a row's reading, in one place so the list, the counts, the detail and
 * the actions agree. Each state's condition lies within a partial index: failed ones on payouts_console_failed_idx
 * (failed_at, id), held ones on payouts_console_sent_idx (sent_at, id) (migration 0041), stuck ones on
 * payouts_console_stuck_idx (provider, sent_at, id) (migration 0043), one range per provider.
 */

/** Who pays it: the payouts' generated `provider` column (the sandbox by its reference, else the method's rail). */
export const providerSql = sql<PayoutProviderName>`${payouts.provider}`;

/** A failed payout nobody retried yet (its retry would name it in retry_of_payout_id, a unique index). */
const notRetried = sql`not exists (select 1 from ${payouts} as retry
  where retry.retry_of_payout_id = ${payouts}.${sql.identifier(payouts.id.name)})`;

const sentProcessing = and(eq(payouts.status, "processing"), isNotNull(payouts.sentAt));

/**
 * Stuck: sent before its own provider's expected time ran out, at `now`; one part per provider (or the one asked),
 * each a range of payouts_console_stuck_idx (provider, sent_at, id).
 */
function stuckParts(now: Date, provider?: PayoutProviderName): SQL[] {
  return (provider === undefined ? PAYOUT_PROVIDER_NAMES : [provider]).map(
    (name) =>
      and(
        sentProcessing,
        isNull(payouts.holdReason),
        eq(payouts.provider, name),
        lt(payouts.sentAt, new Date(now.getTime() - PAYOUT_EXPECTED_MS[name])),
      ) as SQL,
  );
}

/**
 * A state as disjoint parts, each on its own index range: the queue counts add the parts' counts (each an index
 * scan), where one OR would read the rows of all of them.
 */
export function stateParts(state: ConsolePayoutState, now: Date): SQL[] {
  return state === "stuck" ? stuckParts(now) : [stateCondition(state, now) as SQL];
}

/** The payouts in the state at `now`; `provider` narrows the stuck ones to that provider's range alone. */
export function stateCondition(state: ConsolePayoutState, now: Date, provider?: PayoutProviderName): SQL | undefined {
  switch (state) {
    case "failed":
      return and(eq(payouts.status, "failed"), notRetried);
    case "held":
      return and(sentProcessing, isNotNull(payouts.holdReason));
    case "stuck":
      return or(...stuckParts(now, provider));
  }
}

/** The column a state's list is ordered by (oldest first): since when the payout is in it. */
export const sinceColumn = (state: ConsolePayoutState) => (state === "failed" ? payouts.failedAt : payouts.sentAt);

/** The queue state of one payout at `now` (retried: whether a retry of it exists), or null when in none. */
export function queueStateOf(payout: Payout, retried: boolean, now: Date): ConsolePayoutState | null {
  if (payout.status === "failed") return retried ? null : "failed";
  if (payout.status !== "processing" || !payout.sentAt) return null;
  if (payout.holdReason !== null) return "held";
  const expected = PAYOUT_EXPECTED_MS[payout.provider];
  return now.getTime() - payout.sentAt.getTime() > expected ? "stuck" : null;
}
