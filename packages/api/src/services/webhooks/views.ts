import type {
  WebhookAttemptError,
  WebhookDeliveryStatus,
  WebhookDeliveryView,
  WebhookEndpointView,
  WebhookEventType,
  WebhookPayloadType,
} from "@market/contracts";
import type { WebhookDelivery, WebhookEndpoint } from "@market/db";

export type LastDelivery = { status: string; responseCode: number | null; at: Date } | null;

export function endpointView(endpoint: WebhookEndpoint, last: LastDelivery): WebhookEndpointView {
  return {
    id: endpoint.id,
    url: endpoint.url,
    events: endpoint.events as WebhookEventType[],
    enabled: endpoint.enabled,
    pausedReason: endpoint.pausedReason,
    pausedAt: endpoint.pausedAt?.toISOString() ?? null,
    previousSecretExpiresAt: endpoint.previousSecret ? (endpoint.previousSecretExpiresAt?.toISOString() ?? null) : null,
    createdAt: endpoint.createdAt.toISOString(),
    lastDelivery: last
      ? { status: last.status as WebhookDeliveryStatus, responseCode: last.responseCode, at: last.at.toISOString() }
      : null,
  };
}

export function deliveryView(row: WebhookDelivery): WebhookDeliveryView {
  return {
    id: row.id,
    eventId: row.eventId,
    eventType: row.eventType as WebhookPayloadType,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    responseCode: row.lastResponseCode,
    error: (row.lastError as WebhookAttemptError | null) ?? null,
    durationMs: row.lastDurationMs,
    createdAt: row.createdAt.toISOString(),
    payload: row.payload,
  };
}
