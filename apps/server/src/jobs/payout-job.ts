import { advancePayout, PAYOUT_CLAIM_MS, type PayoutJobs, type PayoutWorkerDeps, type SweepLog } from "@market/api";
import { and, type Db, eq, isNotNull, isNull, lt, lte, or, payouts, rowsOf, sql } from "@market/db";
import type PgBoss from "pg-boss";
import { type SqlExecutor, txExecutor } from "./tx-executor";

/** One job per payout step: send it, or look at how it went. Its key is the payout's id. */
export const PAYOUT_QUEUE = "payout";
/** Where a payout job goes once its retries are spent: the operator's to look at (docs/architecture.md, Jobs). */
export const PAYOUT_DEAD_QUEUE = "payout-dead";

export interface PayoutJobData {
  payoutId: number;
}

/**
 * The payout queue (pg-boss 10): `stately`, so with the payout id as singleton key at most one job of a payout waits
 * and one runs; a provider that does not answer is retried 5 times with exponential backoff (30-60 s, then
 * doubling: 15 to 31 min in all), then the job is dead-lettered. A job expires after 3 minutes, longer than the claim
 * it holds (PAYOUT_CLAIM_MS, 2 min) and so than the slowest advance of one payout (Wise: four calls of at most 20 s).
 */
export const PAYOUT_QUEUE_OPTIONS = {
  name: PAYOUT_QUEUE,
  policy: "stately",
  retryLimit: 5,
  retryDelay: 30,
  retryBackoff: true,
  expireInSeconds: PAYOUT_CLAIM_MS / 1000 + 60,
  deadLetter: PAYOUT_DEAD_QUEUE,
} as const satisfies PgBoss.Queue;

/**
 * Sends a payout's job, through `db` when given (a transaction's executor: the job commits with its write). Answers
 * false when the payout already has a job waiting (its key is taken).
 */
export async function sendPayoutJob(
  boss: PgBoss,
  payoutId: number,
  options: { startAfter?: Date | undefined; db?: SqlExecutor | undefined } = {},
): Promise<boolean> {
  const id = await boss.send(PAYOUT_QUEUE, { payoutId } satisfies PayoutJobData, {
    singletonKey: String(payoutId),
    ...(options.startAfter ? { startAfter: options.startAfter } : {}),
    ...(options.db ? { db: options.db as PgBoss.Db } : {}),
  });
  return id !== null;
}

/**
 * The PayoutJobs port on pg-boss: the job sent in the transaction that wrote the payout. A job wanted now for a
 * payout whose job waits for later (the console's re-poll of a payout looked at hourly) moves that job to now:
 * pg-boss 10 has no call for it, so this updates its job table (`schema`.job) in the same transaction.
 */
export function pgBossPayoutJobs(boss: PgBoss, schema: string): PayoutJobs {
  return {
    async enqueue(tx, payoutId, startAfter) {
      const db = txExecutor(tx);
      if ((await sendPayoutJob(boss, payoutId, { startAfter, db })) || startAfter) return;
      await tx.execute(
        sql`UPDATE ${sql.identifier(schema)}.job SET start_after = now() WHERE name = ${PAYOUT_QUEUE}
          AND singleton_key = ${String(payoutId)} AND state = 'created' AND start_after > now()`,
      );
    },
    async deadLetteredAt(db, payoutId) {
      // The dead letters' partition holds only them, for pg-boss's retention (14 days): a short scan.
      const [row] = rowsOf<{ at: string | null }>(
        await db.execute(
          sql`SELECT max(created_on) AS at FROM ${sql.identifier(schema)}.job WHERE name = ${PAYOUT_DEAD_QUEUE}
            AND data->>'payoutId' = ${String(payoutId)}`,
        ),
      );
      return row?.at ? new Date(row.at) : null;
    },
  };
}

function payoutIdOf(data: unknown): number {
  const payoutId = (data as Partial<PayoutJobData> | null)?.payoutId;
  if (!Number.isSafeInteger(payoutId) || (payoutId as number) <= 0) throw new Error("a payout job without a payout id");
  return payoutId as number;
}

/**
 * Runs one payout job: advances the payout (advancePayout claims it first, so two instances never both do), then
 * sends its next job for when it is next due. A provider that did not answer throws, for pg-boss to retry the job
 * with backoff; the last failure is an operator alert, as the job goes to the dead letters.
 */
export async function runPayoutJob(
  deps: PayoutWorkerDeps & { log?: SweepLog | undefined },
  boss: PgBoss,
  job: PgBoss.JobWithMetadata<unknown>,
): Promise<void> {
  const payoutId = payoutIdOf(job.data);
  const step = await advancePayout(deps, payoutId);
  if (step.kind === "unanswered") {
    if (job.retryCount >= job.retryLimit) {
      deps.log?.error?.(
        { payoutId, jobId: job.id, attempts: job.retryCount + 1 },
        `payout job dead-lettered to ${PAYOUT_DEAD_QUEUE}: the provider did not answer; the payout is tried again at its next attempt`,
      );
    }
    throw step.error instanceof Error ? step.error : new Error(String(step.error));
  }
  if (step.kind === "advanced" && step.next) await sendPayoutJob(boss, payoutId, { startAfter: step.next });
}

/**
 * The payouts that are due and have no job waiting or running (pg-boss's own table: the payout's key in a job not
 * yet completed): payouts written before jobs existed, made up by the test routes, or whose job was dead-lettered
 * and are due again at their backoff. At most `limit`, the longest due first.
 */
export async function duePayoutsWithoutJob(db: Db, schema: string, now: Date, limit = 100): Promise<number[]> {
  const jobs = sql.identifier(schema);
  const rows = await db
    .select({ id: payouts.id })
    .from(payouts)
    .where(
      and(
        or(eq(payouts.status, "processing"), isNotNull(payouts.watchUntil)),
        lte(payouts.nextAttemptAt, now),
        or(isNull(payouts.claimedUntil), lt(payouts.claimedUntil, now)),
        sql`NOT EXISTS (SELECT 1 FROM ${jobs}.job j WHERE j.name = ${PAYOUT_QUEUE}
          AND j.singleton_key = ${payouts.id}::text AND j.state <= 'active')`,
      ),
    )
    .orderBy(payouts.nextAttemptAt)
    .limit(limit);
  return rows.map((row) => row.id);
}
