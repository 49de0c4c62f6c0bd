import { eq, webhookDeliveries, webhookEndpoints } from "@market/db";
import { type AttemptResult, attemptClaimed, claimDue } from "./attempt";
import type { WebhookDeps } from "./deps";

const LATER_MIN_MS = 5_000;

/**
 * What became of a delivery's job: an attempt made (its result), the delivery not due yet or held by another sender
 * (`later`: its job again then), or nothing to do (`settled`: delivered, failed, removed, or its endpoint paused;
 * resuming it sends the jobs of its pending deliveries).
 */
export type DeliveryJobOutcome = AttemptResult | { kind: "later"; at: Date } | { kind: "settled" };

/** A delivery's job on PostgreSQL (pg-boss's `webhook` queue): one attempt of that delivery when it is due. */
export async function deliverWebhook(deps: WebhookDeps, deliveryId: number): Promise<DeliveryJobOutcome> {
  const { claimed, claimedUntil } = await claimDue(deps, { limit: 1, id: deliveryId });
  const [delivery] = claimed;
  if (delivery) return attemptClaimed(deps, delivery, claimedUntil);
  const [row] = await deps.db
    .select({
      status: webhookDeliveries.status,
      nextAttemptAt: webhookDeliveries.nextAttemptAt,
      claimedUntil: webhookDeliveries.claimedUntil,
      enabled: webhookEndpoints.enabled,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, deliveryId));
  if (row?.status !== "pending" || !row.enabled || !row.nextAttemptAt) return { kind: "settled" };
  // Not before a few seconds from now: a row another sender is claiming this instant is looked at again shortly.
  const soonest = deps.clock.now().getTime() + LATER_MIN_MS;
  const held = row.claimedUntil?.getTime() ?? 0;
  return { kind: "later", at: new Date(Math.max(soonest, held, row.nextAttemptAt.getTime())) };
}
