import { NOTIFICATION_MAIL_DELAY_MS } from "@market/contracts";
import {
  and,
  type Db,
  eq,
  inArray,
  isNull,
  lte,
  notificationPreferences,
  notifications,
  type SQL,
  type Tx,
  users,
} from "@market/db";
import type { Mailer } from "../../mail/mailer";
import { notificationsByIds } from "../read";
import { type DigestItem, digestMail } from "./digest-mail";
import { mailKeyOf } from "./mail-rules";

/** Notifications whose users one transaction takes (each user with all their due ones). */
export const NOTIFICATION_MAIL_BATCH_SIZE = 200;

/** The queue (notifications_unmailed_idx): unseen, not handled yet, and older than the delay. */
const due = (now: Date): SQL | undefined =>
  and(
    isNull(notifications.mailedAt),
    isNull(notifications.seenAt),
    lte(notifications.createdAt, new Date(now.getTime() - NOTIFICATION_MAIL_DELAY_MS)),
  );

/**
 * The notification mails (beyond the spec's preferences, which name the keys): every minute, each user with
 * notifications still unseen NOTIFICATION_MAIL_DELAY_MS after they were written gets one mail listing them, less
 * the types whose preference key they turned off and those mailed on their own (mail-rules.ts).
 *
 * Each batch claims the users of the oldest due notifications, then all of those users' due ones (FOR UPDATE
 * SKIP LOCKED, over notifications_unmailed_idx), and marks them handled (mailed_at) whether they are mailed or
 * passed over, and queues the digests (mailer.ts), in one transaction: two instances sweeping at once never mail
 * one notification twice, and a crash loses none (the mail job sends the digests once it commits, retrying a
 * failed delivery). A notification seen first (the seen mark sets seen_at) is never mailed. Resolves to how many
 * notifications it handled.
 */
export async function sweepNotificationMail(
  deps: { db: Db; mailer: Mailer; publicUrl: string },
  now: Date,
  batchSize = NOTIFICATION_MAIL_BATCH_SIZE,
): Promise<number> {
  let total = 0;
  for (;;) {
    const { claimed, more } = await deps.db.transaction(async (tx) => {
      const batch = await claimBatch(tx, now, batchSize);
      if (batch.claimed.length > 0) await mailDigests({ ...deps, db: tx }, tx, batch.claimed);
      return batch;
    });
    total += claimed.length;
    if (!more) return total;
  }
}

interface Claimed {
  id: number;
  userId: number;
}

async function claimBatch(tx: Tx, now: Date, batchSize: number): Promise<{ claimed: Claimed[]; more: boolean }> {
  const oldest = await tx
    .select({ userId: notifications.userId })
    .from(notifications)
    .where(due(now))
    .orderBy(notifications.createdAt)
    .limit(batchSize)
    .for("update", { skipLocked: true });
  if (oldest.length === 0) return { claimed: [], more: false };
  const userIds = [...new Set(oldest.map((row) => row.userId))];
  // All of these users' due notifications, so each gets one mail (notifications_user_seen_created_idx).
  const theirs = tx
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(inArray(notifications.userId, userIds), due(now)))
    .for("update", { skipLocked: true });
  const claimed = await tx
    .update(notifications)
    .set({ mailedAt: now })
    .where(and(inArray(notifications.id, theirs), due(now)))
    .returning({ id: notifications.id, userId: notifications.userId });
  return { claimed, more: oldest.length === batchSize };
}

/** Builds each user's digest from what they may be mailed, and queues it in the claim's transaction. */
async function mailDigests(deps: { db: Db; mailer: Mailer; publicUrl: string }, tx: Tx, claimed: Claimed[]) {
  const userIds = [...new Set(claimed.map((row) => row.userId))];
  const [views, recipients, turnedOff] = await Promise.all([
    notificationsByIds(
      deps.db,
      claimed.map((row) => row.id),
    ),
    deps.db
      .select({ id: users.id, email: users.email, username: users.username, kind: users.kind })
      .from(users)
      .where(inArray(users.id, userIds)),
    deps.db
      .select({ userId: notificationPreferences.userId, key: notificationPreferences.key })
      .from(notificationPreferences)
      .where(and(inArray(notificationPreferences.userId, userIds), eq(notificationPreferences.enabled, false))),
  ]);
  const off = new Set(turnedOff.map((row) => `${row.userId}:${row.key}`));
  const itemsByUser = new Map<number, DigestItem[]>();
  for (const { userId, view } of views) {
    const key = mailKeyOf(view.type);
    if (key === null || off.has(`${userId}:${key}`)) continue;
    const items = itemsByUser.get(userId) ?? [];
    items.push({
      type: view.type,
      applicationId: view.applicationId,
      dealId: view.dealId,
      dealTitle: view.dealTitle,
      sender: view.sender?.name ?? null,
      text: view.text,
      fileName: view.file?.name ?? null,
    });
    itemsByUser.set(userId, items);
  }
  for (const recipient of recipients) {
    const items = itemsByUser.get(recipient.id);
    if (items) await deps.mailer.queue(tx, digestMail(recipient, items, deps.publicUrl));
  }
}
