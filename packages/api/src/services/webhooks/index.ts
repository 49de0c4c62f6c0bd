export { listWebhookDeliveries, resendWebhookDelivery, sendTestWebhook } from "./deliveries";
export type { WebhookDeps } from "./deps";
export { createWebhook, listWebhooks, removeWebhook, rollWebhookSecret } from "./endpoints";
export { nextAttemptAfter, sendDueWebhooks, WEBHOOK_CLAIM_MS } from "./send-due";
export { verifySignature } from "./signature";
export { type ResolveHost, strictTargets, type WebhookTargets } from "./targets";
