import { type WebhookEndpointView, type WebhookIdInput, webhookIdInput } from "@market/contracts";
import { and, eq, webhookDeliveries, webhookEndpoints } from "@market/db";
import { fail } from "../../errors";
import type { Viewer } from "../../viewer";
import type { WebhookDeps } from "./deps";
import { requireWebhookOwner } from "./owner";
import { endpointView } from "./views";

/**
 * POST /api/webhooks/{id}/pause: no delivery is written for the endpoint's events from now on (they are not
 * recorded: nothing piles up to flood the receiver on resume), and its pending ones wait. Pausing a paused endpoint
 * changes nothing (a pause by the sender stays one).
 */
export async function pauseWebhook(
  deps: WebhookDeps,
  viewer: Viewer,
  raw: WebhookIdInput,
): Promise<WebhookEndpointView> {
  const { id } = webhookIdInput.parse(raw);
  const userId = await requireWebhookOwner(deps.db, viewer, "write");
  const mine = and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId));
  const [paused] = await deps.db
    .update(webhookEndpoints)
    .set({ enabled: false, pausedReason: "owner", pausedAt: deps.clock.now() })
    .where(and(mine, eq(webhookEndpoints.enabled, true)))
    .returning();
  if (paused) return endpointView(paused, null);
  const [already] = await deps.db.select().from(webhookEndpoints).where(mine);
  if (!already) fail("not_found");
  return endpointView(already, null);
}

/**
 * POST /api/webhooks/{id}/resume: events are delivered again from now on, its run of failures forgotten. The
 * deliveries left pending by the pause are due at once, their jobs sent in the same transaction (on PostgreSQL).
 */
export async function resumeWebhook(
  deps: WebhookDeps,
  viewer: Viewer,
  raw: WebhookIdInput,
): Promise<WebhookEndpointView> {
  const { id } = webhookIdInput.parse(raw);
  const userId = await requireWebhookOwner(deps.db, viewer, "write");
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [endpoint] = await tx
      .update(webhookEndpoints)
      .set({ enabled: true, pausedReason: null, pausedAt: null, failuresInARow: 0 })
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
      .returning();
    if (!endpoint) fail("not_found");
    const waiting = await tx
      .update(webhookDeliveries)
      .set({ nextAttemptAt: now })
      .where(and(eq(webhookDeliveries.endpointId, id), eq(webhookDeliveries.status, "pending")))
      .returning({ id: webhookDeliveries.id });
    if (waiting.length > 0) {
      await deps.webhookJobs?.enqueue(
        tx,
        waiting.map((row) => row.id),
      );
    }
    return endpointView(endpoint, null);
  });
}
