import {
  type CreateWebhookInput,
  createWebhookInput,
  MAX_WEBHOOK_ENDPOINTS,
  MINUTE_MS,
  type RollWebhookSecretInput,
  rollWebhookSecretInput,
  type WebhookEndpointView,
  type WebhookIdInput,
  type WebhookWithSecret,
  webhookIdInput,
} from "@market/contracts";
import { and, asc, count, desc, eq, inArray, sql, users, webhookDeliveries, webhookEndpoints } from "@market/db";
import { fail, failField } from "../../errors";
import type { Viewer } from "../../viewer";
import type { WebhookDeps } from "./deps";
import { requireWebhookOwner } from "./owner";
import { newWebhookSecret } from "./secret";
import { checkTarget, strictTargets, TARGET_PROBLEM_TEXT } from "./targets";
import { endpointView, type LastDelivery } from "./views";

/** GET /api/webhooks: the account's endpoints, oldest first, each with its last delivery's outcome. */
export async function listWebhooks(deps: WebhookDeps, viewer: Viewer): Promise<WebhookEndpointView[]> {
  const userId = await requireWebhookOwner(deps.db, viewer, "read");
  const endpoints = await deps.db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, userId))
    .orderBy(asc(webhookEndpoints.id));
  if (endpoints.length === 0) return [];
  // The newest delivery of each endpoint, in one statement (the endpoint's index, newest id first).
  const last = await deps.db
    .selectDistinctOn([webhookDeliveries.endpointId], {
      endpointId: webhookDeliveries.endpointId,
      status: webhookDeliveries.status,
      responseCode: webhookDeliveries.lastResponseCode,
      at: sql<Date>`coalesce(${webhookDeliveries.lastAttemptAt}, ${webhookDeliveries.createdAt})`.mapWith(
        (value: string | Date) => new Date(value),
      ),
    })
    .from(webhookDeliveries)
    .where(
      inArray(
        webhookDeliveries.endpointId,
        endpoints.map((endpoint) => endpoint.id),
      ),
    )
    .orderBy(webhookDeliveries.endpointId, desc(webhookDeliveries.id));
  const lastOf = new Map<number, LastDelivery>(last.map((row) => [row.endpointId, row]));
  return endpoints.map((endpoint) => endpointView(endpoint, lastOf.get(endpoint.id) ?? null));
}

/**
 * POST /api/webhooks: registers an endpoint after checking where its URL leads (targets.ts); answers it with its
 * signing secret, the only time the secret is shown. At most MAX_WEBHOOK_ENDPOINTS per account, counted under a
 * lock on the account so two registrations at once cannot pass the limit together.
 */
export async function createWebhook(
  deps: WebhookDeps,
  viewer: Viewer,
  raw: CreateWebhookInput,
): Promise<WebhookWithSecret> {
  const input = createWebhookInput.parse(raw);
  const userId = await requireWebhookOwner(deps.db, viewer, "write");
  const check = await checkTarget(new URL(input.url), deps.webhookTargets ?? strictTargets);
  if (!check.ok) failField(["url"], `The URL ${TARGET_PROBLEM_TEXT[check.problem]}.`);
  const secret = newWebhookSecret();
  const now = deps.clock.now();
  const endpoint = await deps.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    const [existing] = await tx
      .select({ count: count() })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.userId, userId));
    if ((existing?.count ?? 0) >= MAX_WEBHOOK_ENDPOINTS) {
      fail("conflict", `An account has at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints: remove one first.`);
    }
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        userId,
        url: input.url,
        events: input.events,
        secret: deps.tokenCipher.encryptToken(secret),
        createdAt: now,
      })
      .returning();
    if (!row) throw new Error("the endpoint was not written");
    return row;
  });
  return { endpoint: endpointView(endpoint, null), secret };
}

/** POST /api/webhooks/{id}/remove: the endpoint and its log are deleted; nothing more is sent to it. */
export async function removeWebhook(deps: WebhookDeps, viewer: Viewer, raw: WebhookIdInput): Promise<{ id: number }> {
  const { id } = webhookIdInput.parse(raw);
  const userId = await requireWebhookOwner(deps.db, viewer, "write");
  const [removed] = await deps.db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
    .returning({ id: webhookEndpoints.id });
  if (!removed) fail("not_found");
  return removed;
}

/**
 * POST /api/webhooks/{id}/roll-secret: a new secret for every delivery signed from now on (those already under way
 * are signed at each attempt, so they take it too), answered once. The secret it replaces keeps signing beside it
 * (a second `v1=`) for `oldSecretExpiresInMinutes` (a day unless told, a week at most, 0: not at all), so a receiver
 * switches without refusing an event, as Stripe's roll allows. A second roll within the grace drops the first
 * secret: only the one just replaced still signs.
 */
export async function rollWebhookSecret(
  deps: WebhookDeps,
  viewer: Viewer,
  raw: RollWebhookSecretInput,
): Promise<WebhookWithSecret> {
  const { id, oldSecretExpiresInMinutes } = rollWebhookSecretInput.parse(raw);
  const userId = await requireWebhookOwner(deps.db, viewer, "write");
  const secret = newWebhookSecret();
  const graceEnds = new Date(deps.clock.now().getTime() + oldSecretExpiresInMinutes * MINUTE_MS);
  const [endpoint] = await deps.db
    .update(webhookEndpoints)
    .set({
      secret: deps.tokenCipher.encryptToken(secret),
      previousSecret: oldSecretExpiresInMinutes > 0 ? webhookEndpoints.secret : null,
      previousSecretExpiresAt: oldSecretExpiresInMinutes > 0 ? graceEnds : null,
    })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
    .returning();
  if (!endpoint) fail("not_found");
  return { endpoint: endpointView(endpoint, null), secret };
}
