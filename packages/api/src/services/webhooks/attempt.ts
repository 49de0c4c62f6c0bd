import { WEBHOOK_AUTO_PAUSE_FAILURES, WEBHOOK_MAX_ATTEMPTS, WEBHOOK_RETRY_DELAYS_MS } from "@market/contracts";
import { and, eq, rowsOf, sql, type Tx, webhookDeliveries, webhookEndpoints } from "@market/db";
import type { WebhookDeps } from "./deps";
import { queuePausedMail } from "./paused-mail";
import { type AttemptOutcome, sendWebhook } from "./send";
import { strictTargets } from "./targets";

/** A sender holds its deliveries this long: far beyond one attempt's 5 s, so no other sender takes them meanwhile. */
export const WEBHOOK_CLAIM_MS = 60_000;

/** When the attempt after `attempts` failed ones is due, or null once they are spent (the delivery has failed). */
export function nextAttemptAfter(attempts: number, at: Date): Date | null {
  if (attempts >= WEBHOOK_MAX_ATTEMPTS) return null;
  const delay = WEBHOOK_RETRY_DELAYS_MS[attempts - 1];
  return delay === undefined ? null : new Date(at.getTime() + delay);
}

/** A delivery claimed for one attempt, with what signs it: the secret, and the one before a roll while in grace. */
export interface Claimed {
  id: number;
  endpoint_id: number;
  attempts: number;
  payload: string;
  url: string;
  secret: string;
  previous_secret: string | null;
}

/**
 * Claims due deliveries of enabled endpoints for `WEBHOOK_CLAIM_MS` (FOR UPDATE SKIP LOCKED and a claim time: two
 * senders at once never take the same one): the `limit` longest due, or the one delivery `id` (a job's) when due.
 */
export async function claimDue(
  deps: WebhookDeps,
  choice: { limit: number; id?: number },
): Promise<{ claimed: Claimed[]; claimedUntil: Date }> {
  const now = deps.clock.now();
  const claimedUntil = new Date(now.getTime() + WEBHOOK_CLAIM_MS);
  // postgres.js binds a raw SQL's parameters as text: instants go as ISO strings, cast.
  const at = sql`${now.toISOString()}::timestamptz`;
  const one = choice.id === undefined ? sql`` : sql`and w.id = ${choice.id}`;
  const claimed = rowsOf<Claimed>(
    await deps.db.execute(sql`update webhook_deliveries d set claimed_until = ${claimedUntil.toISOString()}::timestamptz
      from webhook_endpoints e
      where e.id = d.endpoint_id and d.id in (
        select w.id from webhook_deliveries w join webhook_endpoints we on we.id = w.endpoint_id
        where w.status = 'pending' and w.next_attempt_at <= ${at}
          and (w.claimed_until is null or w.claimed_until < ${at}) and we.enabled ${one}
        order by w.next_attempt_at limit ${choice.limit} for update of w skip locked)
      returning d.id, d.endpoint_id, d.attempts, d.payload, e.url, e.secret,
        case when e.previous_secret_expires_at > ${at} then e.previous_secret end as previous_secret`),
  );
  return { claimed: claimed.map((row) => ({ ...row, id: Number(row.id) })), claimedUntil };
}

/** How an attempt ended for the delivery: delivered, due again at `next`, or failed for good. */
export type AttemptResult =
  | { kind: "succeeded" }
  | { kind: "retry"; next: Date }
  | { kind: "failed"; attempts: number };

/**
 * One attempt of a claimed delivery, signed at this moment (with both secrets during a roll's grace), and its
 * record: succeeded on a 2xx, else due again after WEBHOOK_RETRY_DELAYS_MS's next pause (its job sent in the same
 * transaction, on PostgreSQL), failed after WEBHOOK_MAX_ATTEMPTS. The row's next_attempt_at is the schedule on both
 * engines. Recorded only while the claim is still this sender's: a claim that lapsed (a stalled process) was
 * someone else's to record.
 */
export async function attemptClaimed(deps: WebhookDeps, delivery: Claimed, claimedUntil: Date): Promise<AttemptResult> {
  let outcome: AttemptOutcome;
  try {
    const secrets = [delivery.secret, delivery.previous_secret].flatMap((sealed) =>
      sealed ? [deps.tokenCipher.decryptToken(sealed)] : [],
    );
    outcome = await sendWebhook(
      { url: delivery.url, secrets, body: delivery.payload },
      deps.webhookTargets ?? strictTargets,
      Math.floor(deps.clock.now().getTime() / 1000),
    );
  } catch {
    outcome = { ok: false, status: null, error: "connection", durationMs: 0 };
  }
  const at = deps.clock.now();
  const attempts = delivery.attempts + 1;
  const next = outcome.ok ? null : nextAttemptAfter(attempts, at);
  await deps.db.transaction(async (tx) => {
    const [recorded] = await tx
      .update(webhookDeliveries)
      .set({
        status: outcome.ok ? "succeeded" : next ? "pending" : "failed",
        attempts,
        nextAttemptAt: next,
        claimedUntil: null,
        lastAttemptAt: at,
        lastResponseCode: outcome.status,
        lastError: outcome.ok ? null : outcome.error,
        lastDurationMs: outcome.durationMs,
      })
      .where(and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.claimedUntil, claimedUntil)))
      .returning({ id: webhookDeliveries.id });
    if (!recorded) return;
    if (next) await deps.webhookJobs?.enqueue(tx, [delivery.id], next);
    else if (outcome.ok) await resetFailures(tx, delivery.endpoint_id);
    else await countFailure(deps, tx, delivery.endpoint_id, at);
  });
  if (outcome.ok) return { kind: "succeeded" };
  return next ? { kind: "retry", next } : { kind: "failed", attempts };
}

/** A delivery went through: the endpoint's run of failures is over (written only when there was one). */
async function resetFailures(tx: Tx, endpointId: number): Promise<void> {
  await tx
    .update(webhookEndpoints)
    .set({ failuresInARow: 0 })
    .where(and(eq(webhookEndpoints.id, endpointId), sql`${webhookEndpoints.failuresInARow} <> 0`));
}

/**
 * A delivery failed for good (about three days of attempts): one more in the endpoint's run. The
 * WEBHOOK_AUTO_PAUSE_FAILURES-th in a row pauses an enabled endpoint (as Stripe disables one that keeps failing),
 * and its owner is mailed, in this transaction.
 */
async function countFailure(deps: WebhookDeps, tx: Tx, endpointId: number, at: Date): Promise<void> {
  const reaches = sql`${webhookEndpoints.enabled} and ${webhookEndpoints.failuresInARow} + 1 >= ${WEBHOOK_AUTO_PAUSE_FAILURES}`;
  const [endpoint] = await tx
    .update(webhookEndpoints)
    .set({
      failuresInARow: sql`${webhookEndpoints.failuresInARow} + 1`,
      enabled: sql`not (${reaches}) and ${webhookEndpoints.enabled}`,
      pausedReason: sql`case when ${reaches} then 'failing' else ${webhookEndpoints.pausedReason} end`,
      pausedAt: sql`case when ${reaches} then ${at.toISOString()}::timestamptz else ${webhookEndpoints.pausedAt} end`,
    })
    .where(eq(webhookEndpoints.id, endpointId))
    .returning({
      userId: webhookEndpoints.userId,
      url: webhookEndpoints.url,
      pausedReason: webhookEndpoints.pausedReason,
      pausedAt: webhookEndpoints.pausedAt,
      failuresInARow: webhookEndpoints.failuresInARow,
    });
  const justPaused = endpoint?.pausedReason === "failing" && endpoint.pausedAt?.getTime() === at.getTime();
  if (endpoint && justPaused && deps.mailer) {
    await queuePausedMail({ mailer: deps.mailer }, tx, endpoint.userId, endpoint.url, endpoint.failuresInARow);
  }
}
