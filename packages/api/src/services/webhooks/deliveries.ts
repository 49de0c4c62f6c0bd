import {
  WEBHOOK_DELIVERIES_PAGE_SIZE,
  WEBHOOK_PING_EVENT,
  type WebhookDeliveriesInput,
  type WebhookDeliveryIdInput,
  type WebhookDeliveryPage,
  type WebhookDeliveryView,
  type WebhookIdInput,
  webhookDeliveriesInput,
  webhookDeliveryIdInput,
  webhookIdInput,
} from "@market/contracts";
import { and, desc, eq, lt, webhookDeliveries, webhookEndpoints } from "@market/db";
import { fail } from "../../errors";
import type { Viewer } from "../../viewer";
import type { WebhookDeps } from "./deps";
import { requireWebhookOwner } from "./owner";
import { newEventId, payloadJson } from "./payload";
import { deliveryView } from "./views";

/** The endpoint when it is the account's, else not_found (another account's endpoint is never told apart). */
async function ownEndpoint(deps: WebhookDeps, userId: number, id: number) {
  const [endpoint] = await deps.db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
    .limit(1);
  if (!endpoint) fail("not_found");
  return endpoint;
}

/** GET /api/webhooks/{id}/deliveries: the endpoint's log, newest first, keyset-paged by the delivery's id. */
export async function listWebhookDeliveries(
  deps: WebhookDeps,
  viewer: Viewer,
  raw: WebhookDeliveriesInput,
): Promise<WebhookDeliveryPage> {
  const input = webhookDeliveriesInput.parse(raw);
  const userId = await requireWebhookOwner(deps.db, viewer, "read");
  await ownEndpoint(deps, userId, input.id);
  const rows = await deps.db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.endpointId, input.id),
        input.cursor ? lt(webhookDeliveries.id, Number(input.cursor)) : undefined,
      ),
    )
    .orderBy(desc(webhookDeliveries.id))
    .limit(WEBHOOK_DELIVERIES_PAGE_SIZE + 1);
  const page = rows.slice(0, WEBHOOK_DELIVERIES_PAGE_SIZE);
  const more = rows.length > WEBHOOK_DELIVERIES_PAGE_SIZE;
  return { items: page.map(deliveryView), nextCursor: more ? String(page[page.length - 1]?.id) : null };
}

/**
 * POST /api/webhooks/{id}/test: a `ping` event to this endpoint alone, sent by the job engine's next pass (within
 * seconds) and logged like any delivery.
 */
export async function sendTestWebhook(
  deps: WebhookDeps,
  viewer: Viewer,
  raw: WebhookIdInput,
): Promise<WebhookDeliveryView> {
  const { id } = webhookIdInput.parse(raw);
  const userId = await requireWebhookOwner(deps.db, viewer, "write");
  await ownEndpoint(deps, userId, id);
  const now = deps.clock.now();
  const eventId = newEventId();
  const payload = payloadJson(eventId, WEBHOOK_PING_EVENT, now, { object: "ping", endpointId: id });
  const [row] = await deps.db
    .insert(webhookDeliveries)
    .values({ endpointId: id, eventId, eventType: WEBHOOK_PING_EVENT, payload, nextAttemptAt: now, createdAt: now })
    .returning();
  if (!row) throw new Error("the test delivery was not written");
  return deliveryView(row);
}

/**
 * POST /api/webhooks/deliveries/{id}/resend: the same event (its id and body) again, as a new delivery with its own
 * attempts, whatever became of the first; the log keeps both.
 */
export async function resendWebhookDelivery(
  deps: WebhookDeps,
  viewer: Viewer,
  raw: WebhookDeliveryIdInput,
): Promise<WebhookDeliveryView> {
  const { id } = webhookDeliveryIdInput.parse(raw);
  const userId = await requireWebhookOwner(deps.db, viewer, "write");
  const [original] = await deps.db
    .select({
      endpointId: webhookDeliveries.endpointId,
      eventId: webhookDeliveries.eventId,
      eventType: webhookDeliveries.eventType,
      payload: webhookDeliveries.payload,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(and(eq(webhookDeliveries.id, id), eq(webhookEndpoints.userId, userId)))
    .limit(1);
  if (!original) fail("not_found");
  const now = deps.clock.now();
  const [row] = await deps.db
    .insert(webhookDeliveries)
    .values({ ...original, nextAttemptAt: now, createdAt: now })
    .returning();
  if (!row) throw new Error("the resent delivery was not written");
  return deliveryView(row);
}
