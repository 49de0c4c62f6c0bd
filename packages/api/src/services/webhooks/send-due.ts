import { WEBHOOK_MAX_ATTEMPTS, WEBHOOK_RETRY_DELAYS_MS } from "@market/contracts";
import { and, eq, rowsOf, sql, webhookDeliveries } from "@market/db";
import type { WebhookDeps } from "./deps";
import { type AttemptOutcome, sendWebhook } from "./send";
import { strictTargets } from "./targets";

/** A pass holds its deliveries this long: far beyond one attempt's 5 s, so no other pass takes them meanwhile. */
export const WEBHOOK_CLAIM_MS = 60_000;
/** Deliveries one pass sends (at once: each waits on its receiver, not on this machine). */
export const WEBHOOK_PASS_SIZE = 20;

/** When the attempt after `attempts` failed ones is due, or null once they are spent (the delivery has failed). */
export function nextAttemptAfter(attempts: number, at: Date): Date | null {
  if (attempts >= WEBHOOK_MAX_ATTEMPTS) return null;
  const delay = WEBHOOK_RETRY_DELAYS_MS[attempts - 1];
  return delay === undefined ? null : new Date(at.getTime() + delay);
}

interface Claimed {
  id: number;
  attempts: number;
  payload: string;
  url: string;
  secret: string;
}

/**
 * One pass of the sender (the job engine's `webhooks` job, every few seconds on every instance): claims the due
 * deliveries with FOR UPDATE SKIP LOCKED and a claim time, so instances passing at once never send one twice, sends
 * each once, and records how it went: succeeded on a 2xx, else due again after WEBHOOK_RETRY_DELAYS_MS's next
 * pause, failed after WEBHOOK_MAX_ATTEMPTS. Answers how many it sent.
 */
export async function sendDueWebhooks(deps: WebhookDeps, limit = WEBHOOK_PASS_SIZE): Promise<number> {
  const now = deps.clock.now();
  const claimedUntil = new Date(now.getTime() + WEBHOOK_CLAIM_MS);
  // postgres.js binds a raw SQL's parameters as text: instants go as ISO strings, cast.
  const at = sql`${now.toISOString()}::timestamptz`;
  const claimed = rowsOf<Claimed>(
    await deps.db.execute(sql`update webhook_deliveries d set claimed_until = ${claimedUntil.toISOString()}::timestamptz
      from webhook_endpoints e
      where e.id = d.endpoint_id and d.id in (
        select id from webhook_deliveries
        where status = 'pending' and next_attempt_at <= ${at} and (claimed_until is null or claimed_until < ${at})
        order by next_attempt_at limit ${limit} for update skip locked)
      returning d.id, d.attempts, d.payload, e.url, e.secret`),
  );
  await Promise.all(claimed.map((delivery) => attemptOne(deps, delivery, claimedUntil)));
  return claimed.length;
}

async function attemptOne(deps: WebhookDeps, delivery: Claimed, claimedUntil: Date): Promise<void> {
  let outcome: AttemptOutcome;
  try {
    const secret = deps.tokenCipher.decryptToken(delivery.secret);
    outcome = await sendWebhook(
      { url: delivery.url, secret, body: delivery.payload },
      deps.webhookTargets ?? strictTargets,
      Math.floor(deps.clock.now().getTime() / 1000),
    );
  } catch {
    outcome = { ok: false, status: null, error: "connection", durationMs: 0 };
  }
  const at = deps.clock.now();
  const attempts = delivery.attempts + 1;
  const next = outcome.ok ? null : nextAttemptAfter(attempts, at);
  await deps.db
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
    // Only while it is still this pass's: a claim that lapsed (a stalled process) was someone else's to record.
    .where(and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.claimedUntil, claimedUntil)));
}
