import type { ConsolePayoutDetail } from "@market/contracts";
import { asc, type Db, eq, inArray, ledgerEntries, ledgerTransactions, payouts, users } from "@market/db";
import type { Clock } from "../../../clock";
import { fail } from "../../../errors";
import type { PayoutJobs } from "../../payouts/payout-jobs";
import { consolePayoutView, payoutRowColumns } from "./payout-row";
import { queueStateOf } from "./queue-states";

/**
 * What of provider_state the console shows: the ids of what the provider made (Wise's quote and recipient), which
 * an operator looks up in the provider's dashboard. Anything else (amounts, names, whatever an adapter keeps later)
 * is left out, so that nothing secret reaches a screen by a new adapter's doing.
 */
function providerStateSummary(state: Record<string, unknown> | null): { key: string; value: string }[] {
  if (!state) return [];
  return Object.entries(state)
    .filter(([key, value]) => /id$/i.test(key) && (typeof value === "string" || typeof value === "number"))
    .map(([key, value]) => ({ key, value: String(value) }));
}

/** A payout's detail for the console: its row, state, retries and ledger history. Any payout, by id. */
export async function getConsolePayout(
  deps: { db: Db; clock: Clock; payoutJobs?: PayoutJobs | undefined },
  input: { id: number },
): Promise<ConsolePayoutDetail> {
  const [row] = await deps.db
    .select(payoutRowColumns)
    .from(payouts)
    .innerJoin(users, eq(users.id, payouts.userId))
    .where(eq(payouts.id, input.id));
  if (!row) fail("not_found");
  const { payout } = row;
  const [retry] = await deps.db
    .select({ id: payouts.id })
    .from(payouts)
    .where(eq(payouts.retryOfPayoutId, payout.id))
    .limit(1);
  const queueState = queueStateOf(payout, retry !== undefined, deps.clock.now());
  const transactions = await deps.db
    .select()
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.payoutId, payout.id))
    .orderBy(asc(ledgerTransactions.id));
  const entries = transactions.length
    ? await deps.db
        .select()
        .from(ledgerEntries)
        .where(
          inArray(
            ledgerEntries.transactionId,
            transactions.map((t) => t.id),
          ),
        )
        .orderBy(asc(ledgerEntries.id))
    : [];
  const deadLetteredAt = (await deps.payoutJobs?.deadLetteredAt(deps.db, payout.id)) ?? null;
  return {
    payout: {
      ...consolePayoutView(row, queueState ?? "failed"),
      status: payout.status,
      queueState,
      sentAt: payout.sentAt?.toISOString() ?? null,
      releaseDate: payout.releaseDate?.toISOString() ?? null,
      failedAt: payout.failedAt?.toISOString() ?? null,
      nextAttemptAt: payout.nextAttemptAt?.toISOString() ?? null,
      providerReference: payout.providerReference,
      retryOf: payout.retryOfPayoutId,
      retriedBy: retry?.id ?? null,
      deadLetteredAt: deadLetteredAt?.toISOString() ?? null,
    },
    providerState: providerStateSummary(payout.providerState),
    ledger: transactions.map((t) => ({
      id: t.id,
      kind: t.kind,
      at: t.createdAt.toISOString(),
      entries: entries
        .filter((e) => e.transactionId === t.id)
        .map((e) => ({ account: e.account, amountCents: e.amountCents })),
    })),
  };
}
