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
    .select({ id: webhookEndpoints.id, enabled: webhookEndpoints.enabled })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
    .limit(1);
  if (!endpoint) fail("not_found");
  return endpoint;
}

/** Nothing is sent to a paused endpoint, a test or a resend neither: it is said at once rather than left pending. */
function requireEnabled(endpoint: { enabled: boolean }): void {
  if (!endpoint.enabled) fail("conflict", "The endpoint is paused: resume it first.");
}

/** A delivery written for sending now, with its job in the same transaction on PostgreSQL. */
async function writeDelivery(deps: WebhookDeps, values: typeof webhookDeliveries.$inferInsert) {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.insert(webhookDeliveries).values(values).returning();
    if (!row) throw new Error("the delivery was not written");
    await deps.webhookJobs?.enqueue(tx, [row.id]);
    return row;
  });
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
 * POST /api/webhooks/{id}/test: a `ping` event to this endpoint alone, sent by its job (or the embedded runner's
 * next pass) within seconds and logged like any delivery. Refused while the endpoint is paused.
 */
export async function sendTestWebhook(
  deps: WebhookDeps,
  viewer: Viewer,
  raw: WebhookIdInput,
): Promise<WebhookDeliveryView> {
  const { id } = webhookIdInput.parse(raw);
  const userId = await requireWebhookOwner(deps.db, viewer, "write");
  requireEnabled(await ownEndpoint(deps, userId, id));
  const now = deps.clock.now();
  const eventId = newEventId();
  const payload = payloadJson(eventId, WEBHOOK_PING_EVENT, now, { object: "ping", endpointId: id });
  const row = await writeDelivery(deps, {
    endpointId: id,
    eventId,
    eventType: WEBHOOK_PING_EVENT,
    payload,
    nextAttemptAt: now,
    createdAt: now,
  });
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
      enabled: webhookEndpoints.enabled,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(and(eq(webhookDeliveries.id, id), eq(webhookEndpoints.userId, userId)))
    .limit(1);
  if (!original) fail("not_found");
  const { enabled, ...event } = original;
  requireEnabled({ enabled });
  const now = deps.clock.now();
  return deliveryView(await writeDelivery(deps, { ...event, nextAttemptAt: now, createdAt: now }));
}
