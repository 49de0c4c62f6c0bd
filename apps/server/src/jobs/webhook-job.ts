import {
  type DeliveryJobOutcome,
  deliverWebhook,
  sendDueWebhooks,
  WEBHOOK_CLAIM_MS,
  type WebhookDeps,
  type WebhookJobs,
} from "@market/api";
import { SECOND_MS } from "@market/contracts";
import { and, type Db, eq, isNull, lt, lte, or, sql, webhookDeliveries, webhookEndpoints } from "@market/db";
import type PgBoss from "pg-boss";
import type { JobLog, ScheduledJob } from "./schedules";
import { type SqlExecutor, txExecutor } from "./tx-executor";

/** One job per delivery attempt due (issue 39): its key is the delivery's id. */
export const WEBHOOK_QUEUE = "webhook";

export interface WebhookJobData {
  deliveryId: number;
}

/**
 * The webhook queue (pg-boss 10): `stately` with the delivery id as singleton key, so at most one job of a delivery
 * waits and one runs. The schedule of attempts is the row's (next_attempt_at, WEBHOOK_RETRY_DELAYS_MS: 10 attempts
 * over about three days), not pg-boss's retry: a failed attempt is recorded on the row and its next job sent with
 * `startAfter` in the same transaction (attempt.ts), so pg-boss never retries (retryLimit 0). Its exponential backoff
 * could not say "1 min, 5 min, 30 min … 20 h", and the embedded runner (PGlite) follows the same rows. A job whose
 * instance died expires after the delivery's claim and a minute more; the safety net then sends it again.
 */
export const WEBHOOK_QUEUE_OPTIONS = {
  name: WEBHOOK_QUEUE,
  policy: "stately",
  retryLimit: 0,
  expireInSeconds: WEBHOOK_CLAIM_MS / SECOND_MS + 60,
} as const satisfies PgBoss.Queue;

/** Sends a delivery's job, through `db` when given (a transaction's executor: the job commits with its write). */
export async function sendWebhookJob(
  boss: PgBoss,
  deliveryId: number,
  options: { db?: SqlExecutor | undefined; startAfter?: Date | undefined } = {},
): Promise<boolean> {
  const id = await boss.send(WEBHOOK_QUEUE, { deliveryId } satisfies WebhookJobData, {
    singletonKey: String(deliveryId),
    ...(options.startAfter ? { startAfter: options.startAfter } : {}),
    ...(options.db ? { db: options.db as PgBoss.Db } : {}),
  });
  return id !== null;
}

/** The WebhookJobs port on pg-boss: each delivery's job sent in the transaction that writes (or retries) it. */
export function pgBossWebhookJobs(boss: PgBoss): WebhookJobs {
  return {
    async enqueue(tx, deliveryIds, startAfter) {
      const db = txExecutor(tx);
      for (const deliveryId of deliveryIds) await sendWebhookJob(boss, deliveryId, { db, startAfter });
    },
  };
}

function deliveryIdOf(data: unknown): number {
  const deliveryId = (data as Partial<WebhookJobData> | null)?.deliveryId;
  if (!Number.isSafeInteger(deliveryId) || (deliveryId as number) <= 0) throw new Error("a webhook job without an id");
  return deliveryId as number;
}

/** Webhook jobs fetched at once by an instance: sent side by side, each waiting on its receiver (5 s at most). */
export const WEBHOOK_BATCH = 20;

/**
 * Runs a batch of webhook jobs side by side: one attempt each (deliverWebhook claims the delivery first, so two
 * instances never both send it). A delivery not due yet, or held by another sender, gets its job again for then; a
 * delivery given up is logged as an error (and shows as failed in its endpoint's log). A job that throws (the
 * database) is failed alone; the safety net sends the delivery's job again.
 */
export async function runWebhookJobs(
  deps: WebhookDeps & { log?: JobLog | undefined },
  boss: PgBoss,
  jobs: readonly PgBoss.Job<unknown>[],
): Promise<void> {
  const outcomes = await Promise.allSettled(
    jobs.map(async (job) => {
      const deliveryId = deliveryIdOf(job.data);
      const outcome: DeliveryJobOutcome = await deliverWebhook(deps, deliveryId);
      if (outcome.kind === "later") await sendWebhookJob(boss, deliveryId, { startAfter: outcome.at });
      if (outcome.kind === "failed") {
        deps.log?.error?.({ deliveryId, attempts: outcome.attempts }, "webhook given up: not delivered");
      }
    }),
  );
  await Promise.all(
    outcomes.map((outcome, index) => {
      const job = jobs[index];
      if (outcome.status === "fulfilled" || !job) return undefined;
      const message = outcome.reason instanceof Error ? outcome.reason.message : String(outcome.reason);
      return boss.fail(WEBHOOK_QUEUE, job.id, { message });
    }),
  );
}

/**
 * Pending deliveries of enabled endpoints that are due, unclaimed, and have no job waiting or running (pg-boss's
 * own table): written by a caller without the queue (a script, the seed), before this release, or whose job died.
 * At most `limit`, the longest due first (webhook_deliveries_due_idx).
 */
export async function dueDeliveriesWithoutJob(db: Db, schema: string, now: Date, limit = 100): Promise<number[]> {
  const rows = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(
      and(
        eq(webhookDeliveries.status, "pending"),
        lte(webhookDeliveries.nextAttemptAt, now),
        or(isNull(webhookDeliveries.claimedUntil), lt(webhookDeliveries.claimedUntil, now)),
        eq(webhookEndpoints.enabled, true),
        sql`NOT EXISTS (SELECT 1 FROM ${sql.identifier(schema)}.job j WHERE j.name = ${WEBHOOK_QUEUE}
          AND j.singleton_key = ${webhookDeliveries.id}::text AND j.state <= 'active')`,
      ),
    )
    .orderBy(webhookDeliveries.nextAttemptAt)
    .limit(limit);
  return rows.map((row) => row.id);
}

/** The safety net under the webhook jobs on pg-boss, every minute: a due delivery without a job gets one. */
export function dueWebhooksJob(boss: PgBoss, schema: string): ScheduledJob {
  return {
    name: "webhooks-due",
    cron: "* * * * *",
    everyMs: 60 * SECOND_MS,
    async run(deps) {
      const ids = await dueDeliveriesWithoutJob(deps.db, schema, deps.clock.now());
      for (const deliveryId of ids) await sendWebhookJob(boss, deliveryId);
      return ids.length;
    },
  };
}

/** How often the embedded runner's sender looks for due deliveries: a new event reaches its receiver in seconds. */
export const WEBHOOK_PASS_INTERVAL_MS = 2_000;

/**
 * The embedded runner's webhook pass (PGlite: no pg-boss), every 2 s after the last pass ended: the due deliveries
 * claimed and sent (send-due.ts), on the same rows and schedule as the jobs.
 */
export const WEBHOOK_PASS_JOB: ScheduledJob = {
  name: "webhooks",
  cron: "* * * * *",
  everyMs: WEBHOOK_PASS_INTERVAL_MS,
  run: (deps) => sendDueWebhooks(deps),
};
