import { randomBytes } from "node:crypto";
import { WEBHOOK_MAX_ATTEMPTS } from "@market/contracts";
import { and, desc, eq } from "drizzle-orm";
import { applications, users, webhookDeliveries, webhookEndpoints } from "../schema";
import type { SeedContext } from "./context";
import { DEMO_ACCOUNTS } from "./demo-logins";

/** The demo brand's receiver: a name that resolves nowhere, so nothing seeded is ever sent (none is pending). */
export const DEMO_WEBHOOK_URL = "https://hooks.demobrand.example/market";

/**
 * Issue 39: the demo brand's one webhook endpoint and its log: a test ping and a hire delivered (200), and a chat
 * message whose receiver answered 500 until the retries were spent (failed), so the log shows "Resend" worth using.
 * Its secret is sealed with the server's cipher when given; without one (tests) it holds a value nothing decrypts.
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
  const secret = `whsec_${randomBytes(32).toString("base64url")}`;
  const [endpoint] = await ctx.db
    .insert(webhookEndpoints)
    .values({
      userId: brand.id,
      url: DEMO_WEBHOOK_URL,
      events: ["application.hired", "application.released", "message.received"],
      secret: ctx.encryptToken ? ctx.encryptToken(secret) : "unsealed-demo-secret",
      createdAt: ctx.clock.ago(6),
    })
    .returning({ id: webhookEndpoints.id });
  if (!endpoint) throw new Error("the demo webhook was not written");
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
  const rows = [
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
  await ctx.db.insert(webhookDeliveries).values(rows);
  return { webhookEndpoints: 1, webhookDeliveries: rows.length };
}
