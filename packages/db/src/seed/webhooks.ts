import { randomBytes } from "node:crypto";
import { HOUR_MS, WEBHOOK_AUTO_PAUSE_FAILURES, WEBHOOK_MAX_ATTEMPTS } from "@market/contracts";
import { and, desc, eq } from "drizzle-orm";
import { applications, users, webhookDeliveries, webhookEndpoints } from "../schema";
import type { SeedContext } from "./context";
import { DEMO_ACCOUNTS } from "./demo-logins";

/** The demo brand's receiver: a name that resolves nowhere, so nothing seeded is ever sent (none is pending). */
export const DEMO_WEBHOOK_URL = "https://hooks.demobrand.example/market";
/** Its old receiver, paused by the sender after its deliveries kept failing (issue 39 point 5). */
export const DEMO_PAUSED_WEBHOOK_URL = "https://old-crm.demobrand.example/hooks";

/**
 * Issue 39: the demo brand's webhook endpoints and their logs. The first: a test ping and a hire delivered (200), and
 * a chat message whose receiver answered 500 until the retries were spent (failed), so the log shows "Resend" worth
 * using; its secret was rolled an hour ago, the old one still signing for most of a day. The second: paused by the
 * sender after WEBHOOK_AUTO_PAUSE_FAILURES deliveries failed in a row, waiting for "Resume". Secrets are sealed with
 * the server's cipher when given; without one (tests) they hold a value nothing decrypts.
 */
export async function seedWebhooks(ctx: SeedContext): Promise<{ webhookEndpoints: number; webhookDeliveries: number }> {
  const [brand] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNTS.brand.email));
  if (!brand) return { webhookEndpoints: 0, webhookDeliveries: 0 };
  const [hire] = await ctx.db
    .select()
    .from(applications)
    .where(and(eq(applications.brandId, brand.id), eq(applications.status, "PROGRESS")))
    .orderBy(desc(applications.id))
    .limit(1);
  const sealed = () => {
    const secret = `whsec_${randomBytes(32).toString("base64url")}`;
    return ctx.encryptToken ? ctx.encryptToken(secret) : "unsealed-demo-secret";
  };
  const [endpoint, paused] = await ctx.db
    .insert(webhookEndpoints)
    .values([
      {
        userId: brand.id,
        url: DEMO_WEBHOOK_URL,
        events: ["application.hired", "application.released", "message.received"],
        secret: sealed(),
        previousSecret: sealed(),
        previousSecretExpiresAt: new Date(ctx.clock.now.getTime() + 23 * HOUR_MS),
        createdAt: ctx.clock.ago(6),
      },
      {
        userId: brand.id,
        url: DEMO_PAUSED_WEBHOOK_URL,
        events: ["application.created", "application.updated"],
        secret: sealed(),
        enabled: false,
        pausedReason: "failing" as const,
        pausedAt: ctx.clock.ago(1),
        failuresInARow: WEBHOOK_AUTO_PAUSE_FAILURES,
        createdAt: ctx.clock.ago(20),
      },
    ])
    .returning({ id: webhookEndpoints.id });
  if (!endpoint || !paused) throw new Error("the demo webhooks were not written");
  const body = (id: string, type: string, at: Date, data: Record<string, unknown>) =>
    JSON.stringify({ id, type, created: Math.floor(at.getTime() / 1000), data });
  const application = hire
    ? {
        object: "application",
        id: hire.id,
        dealId: hire.dealId,
        brandId: hire.brandId,
        influencerId: hire.influencerId,
        status: hire.status,
      }
    : { object: "application" };
  const delivered = (at: Date, durationMs: number) => ({
    status: "succeeded" as const,
    attempts: 1,
    lastAttemptAt: at,
    lastResponseCode: 200,
    lastDurationMs: durationMs,
    createdAt: at,
  });
  const pingAt = ctx.clock.ago(6);
  const hiredAt = ctx.clock.ago(3);
  const messageAt = ctx.clock.ago(5);
  const rows: (typeof webhookDeliveries.$inferInsert)[] = [
    {
      endpointId: endpoint.id,
      eventId: "evt_demo0000000000000000000000000001",
      eventType: "ping",
      payload: body("evt_demo0000000000000000000000000001", "ping", pingAt, {
        object: "ping",
        endpointId: endpoint.id,
      }),
      ...delivered(pingAt, 184),
    },
    {
      endpointId: endpoint.id,
      eventId: "evt_demo0000000000000000000000000002",
      eventType: "message.received",
      payload: body("evt_demo0000000000000000000000000002", "message.received", messageAt, {
        object: "message",
        applicationId: hire?.id ?? null,
        dealId: hire?.dealId ?? null,
        senderId: hire?.influencerId ?? null,
        text: "Draft is up for review.",
        fileId: null,
      }),
      status: "failed" as const,
      attempts: WEBHOOK_MAX_ATTEMPTS,
      // The last try, about three days after the first.
      lastAttemptAt: ctx.clock.ago(2),
      lastResponseCode: 500,
      lastError: "bad_status" as const,
      lastDurationMs: 412,
      createdAt: messageAt,
    },
    {
      endpointId: endpoint.id,
      eventId: "evt_demo0000000000000000000000000003",
      eventType: "application.hired",
      payload: body("evt_demo0000000000000000000000000003", "application.hired", hiredAt, application),
      ...delivered(hiredAt, 231),
    },
  ];
  // The paused endpoint's last deliveries: each failed after its three days of attempts (connection refused).
  for (let n = 0; n < WEBHOOK_AUTO_PAUSE_FAILURES; n += 1) {
    const createdAt = ctx.clock.ago(10 - 3 * n);
    const eventId = `evt_demo00000000000000000000000001${n}`;
    rows.push({
      endpointId: paused.id,
      eventId,
      eventType: "application.updated",
      payload: body(eventId, "application.updated", createdAt, application),
      status: "failed" as const,
      attempts: WEBHOOK_MAX_ATTEMPTS,
      lastAttemptAt: ctx.clock.ago(7 - 3 * n),
      lastResponseCode: null,
      lastError: "connection" as const,
      lastDurationMs: 5,
      createdAt,
    });
  }
  await ctx.db.insert(webhookDeliveries).values(rows);
  return { webhookEndpoints: 2, webhookDeliveries: rows.length };
}
