import {
  type ConsolePayoutState,
  PAYOUT_EXPECTED_MS,
  PAYOUT_PROVIDER_NAMES,
  type PayoutProviderName,
} from "@market/contracts";
import { and, eq, isNotNull, isNull, lt, or, type Payout, payouts, type SQL, sql } from "@market/db";

/**
 * The payouts queue's states as SQL and as a row's reading, in one place so the list, the counts, the detail and
 * the actions agree. Each state's condition lies within a partial index of migration 0041: failed ones on
 * payouts_console_failed_idx (failed_at, id), held and stuck ones on payouts_console_sent_idx (sent_at, id).
 */

/**
 * Who pays it: the sandbox's references say so ("sandbox:..."); otherwise the method's real provider. The provider
 * is chosen at start per method (apps/server/src/payouts.ts), so the reference is the only record of it.
 */
export const providerSql = sql<PayoutProviderName>`(case
  when ${payouts.providerReference} like 'sandbox:%' then 'sandbox'
  when ${payouts.method} = 'transferwise' then 'wise'
  else 'paypal' end)`;

export function providerOf(payout: Pick<Payout, "providerReference" | "method">): PayoutProviderName {
  if (payout.providerReference?.startsWith("sandbox:")) return "sandbox";
  return payout.method === "transferwise" ? "wise" : "paypal";
}

/** A failed payout nobody retried yet (its retry would name it in retry_of_payout_id, a unique index). */
const notRetried = sql`not exists (select 1 from ${payouts} as retry
  where retry.retry_of_payout_id = ${payouts}.${sql.identifier(payouts.id.name)})`;

const sentProcessing = and(eq(payouts.status, "processing"), isNotNull(payouts.sentAt));

/** The shortest expected time: no payout sent since is stuck, a plain range on sent_at that an index bounds. */
const SHORTEST_EXPECTED_MS = Math.min(...Object.values(PAYOUT_EXPECTED_MS));

/** Sent before its provider's expected time ran out, at `now`. */
function overdue(now: Date): SQL | undefined {
  return and(
    lt(payouts.sentAt, new Date(now.getTime() - SHORTEST_EXPECTED_MS)),
    or(
      ...PAYOUT_PROVIDER_NAMES.map((name) =>
        and(sql`${providerSql} = ${name}`, lt(payouts.sentAt, new Date(now.getTime() - PAYOUT_EXPECTED_MS[name]))),
      ),
    ),
  );
}

export function stateCondition(state: ConsolePayoutState, now: Date): SQL | undefined {
  switch (state) {
    case "failed":
      return and(eq(payouts.status, "failed"), notRetried);
    case "held":
      return and(sentProcessing, isNotNull(payouts.holdReason));
    case "stuck":
      return and(sentProcessing, isNull(payouts.holdReason), overdue(now));
  }
}

/** The column a state's list is ordered by (oldest first): since when the payout is in it. */
export const sinceColumn = (state: ConsolePayoutState) => (state === "failed" ? payouts.failedAt : payouts.sentAt);

/** The queue state of one payout at `now` (retried: whether a retry of it exists), or null when in none. */
export function queueStateOf(payout: Payout, retried: boolean, now: Date): ConsolePayoutState | null {
  if (payout.status === "failed") return retried ? null : "failed";
  if (payout.status !== "processing" || !payout.sentAt) return null;
  if (payout.holdReason !== null) return "held";
  const expected = PAYOUT_EXPECTED_MS[providerOf(payout)];
  return now.getTime() - payout.sentAt.getTime() > expected ? "stuck" : null;
}
