import { attemptClaimed, claimDue } from "./attempt";
import type { WebhookDeps } from "./deps";

/** Deliveries one pass sends (at once: each waits on its receiver, not on this machine). */
export const WEBHOOK_PASS_SIZE = 20;

/**
 * One pass of the embedded runner's sender (PGlite: no pg-boss; the `webhooks` job every 2 s): claims the due
 * deliveries of enabled endpoints, so two passes at once never send one twice, and attempts each once (attempt.ts).
 * Answers how many it sent. On PostgreSQL each delivery is its own job instead (deliver.ts).
 */
export async function sendDueWebhooks(deps: WebhookDeps, limit = WEBHOOK_PASS_SIZE): Promise<number> {
  const { claimed, claimedUntil } = await claimDue(deps, { limit });
  await Promise.all(claimed.map((delivery) => attemptClaimed(deps, delivery, claimedUntil)));
  return claimed.length;
}
