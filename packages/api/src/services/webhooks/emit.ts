import type { NotificationType, WebhookEventType } from "@market/contracts";
import { type NewNotification, rowsOf, sql, type Tx, webhookDeliveries } from "@market/db";
import type { WebhookJobs } from "./jobs";
import { newEventId, payloadJson } from "./payload";

/**
 * The webhook event of each notification type that has one. Application events go to both parties of the
 * application (whoever the notification tells); a message to the one it is for; a payout's to its owner.
 */
const EVENT_OF: Partial<Record<NotificationType, WebhookEventType>> = {
  application: "application.created",
  application_update: "application.updated",
  declined: "application.updated",
  change_request: "application.updated",
  work_not_done: "application.updated",
  arbitration: "application.updated",
  case_closed: "application.updated",
  payment: "application.hired",
  work_done: "application.work_done",
  money_released: "application.released",
  refund: "application.refunded",
  message: "message.received",
  payout_paid: "payout.paid",
  payout_failed: "payout.failed",
};

/** What emission reads of a notification being written (notify()'s rows). */
type NotificationInsert = Pick<
  NewNotification,
  "userId" | "type" | "applicationId" | "dealId" | "senderId" | "text" | "fileId" | "createdAt"
>;

/** The payout an event is about (its notification names none): settle.ts passes it to notify(). */
export interface PayoutSubject {
  payout: { id: number; amountCents: number; method: string; status: string; failureReason?: string | null };
}

export interface PendingEvent {
  type: WebhookEventType;
  /** Accounts the event goes to: fixed ones, plus both parties when it is about an application. */
  users: number[];
  applicationId: number | null;
  data: Record<string, unknown>;
}

interface ApplicationFacts {
  id: number;
  deal_id: number;
  brand_id: number;
  influencer_id: number;
  status: string;
}

interface EndpointFacts {
  id: number;
  user_id: number;
  events: string[];
}

/**
 * The events the notifications stand for (none for most types): one per application and type, however many parties
 * were told.
 */
export function webhookEventsOf(rows: readonly NotificationInsert[], subject?: PayoutSubject): PendingEvent[] {
  const events = new Map<string, PendingEvent>();
  for (const row of rows) {
    const type = EVENT_OF[row.type];
    if (!type) continue;
    if (type === "message.received") {
      events.set(`${type}:${row.userId}:${row.applicationId}`, {
        type,
        users: [row.userId],
        applicationId: null,
        data: {
          object: "message",
          applicationId: row.applicationId ?? null,
          dealId: row.dealId ?? null,
          senderId: row.senderId ?? null,
          text: row.text ?? null,
          fileId: row.fileId ?? null,
        },
      });
    } else if (type.startsWith("payout.")) {
      const payout = subject?.payout;
      events.set(`${type}:${row.userId}`, {
        type,
        users: [row.userId],
        applicationId: null,
        data: { object: "payout", ...(payout ?? {}) },
      });
    } else if (row.applicationId) {
      events.set(`${type}:${row.applicationId}`, { type, users: [], applicationId: row.applicationId, data: {} });
    }
  }
  return [...events.values()];
}

/** What the accounts an event concerns subscribed: their endpoints, and the applications' parties and status. */
export interface WebhookTargets {
  applications: Map<number, ApplicationFacts>;
  endpoints: EndpointFacts[];
}

/**
 * One statement finds the applications' parties and every enabled endpoint of the accounts the events concern.
 * notify() sends it in the same turn as its NOTIFY, so a write pays no round trip for it.
 */
export async function webhookTargetsOf(tx: Tx, events: readonly PendingEvent[]): Promise<WebhookTargets> {
  const applicationIds = [...new Set(events.flatMap((event) => (event.applicationId ? [event.applicationId] : [])))];
  const fixedUsers = [...new Set(events.flatMap((event) => event.users))];
  const [found] = rowsOf<{ applications: ApplicationFacts[] | null; endpoints: EndpointFacts[] | null }>(
    await tx.execute(sql`with apps as (
        select id, deal_id, brand_id, influencer_id, status from applications
        where id = any(${sql.param(applicationIds)}::int[])
      )
      select (select json_agg(apps) from apps) as applications,
        (select json_agg(json_build_object('id', e.id, 'user_id', e.user_id, 'events', e.events))
          from webhook_endpoints e
          where e.enabled and (e.user_id = any(${sql.param(fixedUsers)}::int[])
            or e.user_id in (select brand_id from apps union select influencer_id from apps))) as endpoints`),
  );
  return {
    applications: new Map((found?.applications ?? []).map((app) => [app.id, app])),
    endpoints: found?.endpoints ?? [],
  };
}

/**
 * Writes one delivery per (event, subscribed endpoint), due at once, in the caller's transaction, with their jobs
 * on PostgreSQL (`jobs`): a rolled-back write sends nothing, a committed one is sent by the jobs (deliver.ts) or,
 * on PGlite, by the runner's pass (send-due.ts). Nothing is written when no endpoint wants the events, the usual
 * case; a paused endpoint is not among the targets (its events are not recorded).
 */
export async function writeWebhookDeliveries(
  tx: Tx,
  events: readonly PendingEvent[],
  targets: WebhookTargets,
  now: Date,
  jobs?: WebhookJobs,
): Promise<number> {
  if (targets.endpoints.length === 0) return 0;
  const deliveries: (typeof webhookDeliveries.$inferInsert)[] = [];
  for (const event of events) {
    const application = event.applicationId ? targets.applications.get(event.applicationId) : undefined;
    const users = application ? [application.brand_id, application.influencer_id] : event.users;
    const data = application
      ? {
          object: "application",
          id: application.id,
          dealId: application.deal_id,
          brandId: application.brand_id,
          influencerId: application.influencer_id,
          status: application.status,
        }
      : event.data;
    const wanted = targets.endpoints.filter(
      (endpoint) => users.includes(endpoint.user_id) && endpoint.events.includes(event.type),
    );
    if (wanted.length === 0) continue;
    const eventId = newEventId();
    const payload = payloadJson(eventId, event.type, now, data);
    for (const endpoint of wanted) {
      deliveries.push({ endpointId: endpoint.id, eventId, eventType: event.type, payload, nextAttemptAt: now });
    }
  }
  if (deliveries.length === 0) return 0;
  const written = await tx.insert(webhookDeliveries).values(deliveries).returning({ id: webhookDeliveries.id });
  await jobs?.enqueue(
    tx,
    written.map((row) => row.id),
  );
  return written.length;
}
