import { applications, type NewNotification, notifications, sql, type Tx } from "@market/db";
import { type PayoutSubject, webhookEventsOf, webhookTargetsOf, writeWebhookDeliveries } from "../webhooks/emit";
import type { WebhookJobs } from "../webhooks/jobs";
import { NOTIFICATIONS_CHANNEL } from "./channels";

/** The port callers pass down for their events' jobs (AREA_EDGES: they reach webhooks through notifications). */
export type { WebhookJobs };

/** A notification to write; the table numbers it and marks it unseen. */
export type NotificationInsert = Omit<NewNotification, "id" | "seenAt">;

/**
 * What a notification's webhook events need beside it: the payout it is about (its notification names none), and
 * pg-boss's webhook queue (deps.webhookJobs), so each delivery's job is sent in this transaction. A caller without
 * the queue leaves the deliveries to the safety-net cron (within a minute) on PostgreSQL, or the runner's pass.
 */
export interface NotifyOptions {
  subject?: PayoutSubject | undefined;
  webhookJobs?: WebhookJobs | undefined;
}

/**
 * Class of the advisory locks that order one user's notifications (the key's other half is the user id).
 */
const NOTIFY_LOCK_CLASS = 727_016;
/** pg_notify payloads must stay under 8,000 bytes: 400 ids of at most 16 digits and a comma fit. */
const IDS_PER_PAYLOAD = 400;

/**
 * The one way to write notifications: inserts them and, in the same transaction, tells every instance their
 * ids through NOTIFY, which PostgreSQL delivers at commit only (a rolled-back notification is never pushed).
 *
 * Before inserting, it takes a transaction lock per recipient (in user id order, so two writers never wait on
 * each other crosswise): a second writer to the same user waits here for the first to commit before drawing
 * its id, so each user's ids commit in increasing order. A client that resumes "after id N" can then never miss
 * a notification numbered below N that committed later. Call it as the transaction's last write, so the lock is
 * held only until the commit.
 *
 * Before those, it locks the applications whose influencer it notifies (in id order; a no-op for the caller
 * already holding them), as the insert's trigger would to refresh their influencer_unseen_at (migration 0032): so
 * every writer takes an application's row before a user's notification lock, never after it. A writer holding a
 * user's lock and waiting for a row that a lifecycle action holds while it waits for that user's lock would
 * deadlock.
 *
 * It is also where webhook events are emitted (issue 39): every moment an account's endpoints may hear of is one a
 * notification tells, so the deliveries (and their jobs) are written here, in the same transaction
 * (webhooks/emit.ts).
 */
export async function notify(tx: Tx, rows: NotificationInsert[], options: NotifyOptions = {}): Promise<number[]> {
  if (rows.length === 0) return [];
  const recipients = [...new Set(rows.map((row) => row.userId))].sort((a, b) => a - b);
  // Sent together, in this order, on the transaction's connection (one round trip instead of one each: issue 33),
  // and run by PostgreSQL in that order: the applications' rows, then the users' locks, then the insert. A failure
  // aborts the transaction, so whatever follows it fails too and the whole is rolled back.
  const [, , inserted] = await Promise.all([
    lockInfluencersApplications(tx, rows),
    Promise.all(
      recipients.map((userId) => tx.execute(sql`select pg_advisory_xact_lock(${NOTIFY_LOCK_CLASS}, ${userId})`)),
    ),
    tx.insert(notifications).values(rows).returning({ id: notifications.id }),
  ]);
  const ids = inserted.map((row) => row.id);
  const payloads: Promise<unknown>[] = [];
  for (let start = 0; start < ids.length; start += IDS_PER_PAYLOAD) {
    const payload = ids.slice(start, start + IDS_PER_PAYLOAD).join(",");
    payloads.push(tx.execute(sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, ${payload})`));
  }
  // The webhook endpoints the events concern, looked up in the NOTIFY's turn; deliveries only when one wants them.
  const events = webhookEventsOf(rows, options.subject);
  const targets = events.length > 0 ? webhookTargetsOf(tx, events) : null;
  const [, found] = await Promise.all([Promise.all(payloads), targets]);
  if (found) {
    await writeWebhookDeliveries(tx, events, found, rows[0]?.createdAt ?? new Date(), options.webhookJobs);
  }
  return ids;
}

/** Locks, in id order, the applications of the rows that notify their influencer (the unseen key's rows). */
async function lockInfluencersApplications(tx: Tx, rows: NotificationInsert[]): Promise<void> {
  const about = rows.filter((row) => row.applicationId !== null && row.applicationId !== undefined);
  if (about.length === 0) return;
  const ids = about.map((row) => row.applicationId as number);
  const users = about.map((row) => row.userId);
  await tx.execute(sql`select ${applications.id} from ${applications}
    join unnest(${sql.param(ids)}::int[], ${sql.param(users)}::int[]) as notified(application_id, user_id)
      on notified.application_id = ${applications.id} and notified.user_id = ${applications.influencerId}
    order by ${applications.id} for no key update of ${applications}`);
}
