import type { Tx } from "@market/db";

/**
 * Where a delivery's job goes on PostgreSQL: pg-boss's `webhook` queue (apps/server/src/jobs/webhook-job.ts), a job
 * per delivery keyed by its id, sent in the transaction that writes the delivery (or records a failed attempt, with
 * the next one's time as `startAfter`). Without it (the embedded PGlite runner, tests) nothing is sent: the
 * runner's pass finds deliveries by next_attempt_at.
 */
export interface WebhookJobs {
  enqueue(tx: Tx, deliveryIds: readonly number[], startAfter?: Date): Promise<void>;
}
