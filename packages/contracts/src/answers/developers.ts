import { z } from "zod";
import { API_KEY_MODES, API_KEY_SCOPES, API_KEY_STATES } from "../api-keys";
import {
  WEBHOOK_ATTEMPT_ERRORS,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_PAUSE_REASONS,
  WEBHOOK_PING_EVENT,
} from "../webhooks";
import { answerSchemas } from "./registry";

/** An API key as its owner's list shows it (ApiKeyJson): never its secret, nor its hash. */
export const apiKeyAnswer = z
  .object({
    id: z.number().int(),
    name: z.string(),
    prefix: z.string(),
    mode: z.enum(API_KEY_MODES),
    scopes: z.array(z.enum(API_KEY_SCOPES)),
    created: z.string(),
    expiresAt: z.string().nullable(),
    lastUsedAt: z.string().nullable(),
    lastUsedIp: z.string().nullable(),
    revokedAt: z.string().nullable(),
    state: z.enum(API_KEY_STATES),
  })
  .register(answerSchemas, { id: "ApiKey" });

/** GET /api/keys: the caller's keys, newest first. */
export const apiKeyListAnswer = z.array(apiKeyAnswer).register(answerSchemas, { id: "ApiKeyList" });

/** POST /api/keys and its roll: the key's text, shown this once, and the key as the list shows it. */
export const createdApiKeyAnswer = z
  .object({ key: z.string(), apiKey: apiKeyAnswer })
  .register(answerSchemas, { id: "CreatedApiKey" });

/** A webhook endpoint as its owner's list shows it (WebhookEndpointView), with its last delivery's outcome. */
export const webhookEndpointAnswer = z
  .object({
    id: z.number().int(),
    url: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
    enabled: z.boolean(),
    pausedReason: z.enum(WEBHOOK_PAUSE_REASONS).nullable(),
    pausedAt: z.string().nullable(),
    previousSecretExpiresAt: z.string().nullable(),
    createdAt: z.string(),
    lastDelivery: z
      .object({
        status: z.enum(WEBHOOK_DELIVERY_STATUSES),
        responseCode: z.number().int().nullable(),
        at: z.string(),
      })
      .nullable(),
  })
  .register(answerSchemas, { id: "WebhookEndpoint" });

/** GET /api/webhooks: the caller's endpoints. */
export const webhookEndpointListAnswer = z
  .array(webhookEndpointAnswer)
  .register(answerSchemas, { id: "WebhookEndpointList" });

/** POST /api/webhooks and its roll-secret: the endpoint and its signing secret, shown this once. */
export const webhookWithSecretAnswer = z
  .object({ endpoint: webhookEndpointAnswer, secret: z.string() })
  .register(answerSchemas, { id: "WebhookWithSecret" });

/** One delivery of one event to one endpoint (WebhookDeliveryView): its attempts so far and the JSON sent. */
export const webhookDeliveryAnswer = z
  .object({
    id: z.number().int(),
    eventId: z.string(),
    eventType: z.enum([...WEBHOOK_EVENT_TYPES, WEBHOOK_PING_EVENT]),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    attempts: z.number().int(),
    nextAttemptAt: z.string().nullable(),
    lastAttemptAt: z.string().nullable(),
    responseCode: z.number().int().nullable(),
    error: z.enum(WEBHOOK_ATTEMPT_ERRORS).nullable(),
    durationMs: z.number().int().nullable(),
    createdAt: z.string(),
    payload: z.string(),
  })
  .register(answerSchemas, { id: "WebhookDelivery" });

/** GET /api/webhooks/{id}/deliveries: newest first; pass nextCursor back as `cursor`. */
export const webhookDeliveryPageAnswer = z
  .object({ items: z.array(webhookDeliveryAnswer), nextCursor: z.string().nullable() })
  .register(answerSchemas, { id: "WebhookDeliveryPage" });
