import { and, applications, type Db, eq, inArray } from "@market/db";
import { notify, type WebhookJobs } from "../../notifications/notify";
import { recipientOf } from "./apply-action";
import { deadlineColumn, deadlinePassedSql } from "./timer-sql";
import { TIMERS, TRANSITIONS } from "./transitions";

/** Rows per transaction: short locks and bounded memory however many proposals lapsed at once. */
export const EXPIRE_BATCH_SIZE = 500;

const EXPIRY = TIMERS.expiry;
const EXPIRE = TRANSITIONS[EXPIRY.fires][0];

/** SQL: the rows the sweep expires at `now`, as the table's expiry declares them (WAITING, expiration passed). */
export const expiredProposalsSql = (now: Date) => deadlinePassedSql(EXPIRY, now);

/**
 * The transition the table's expiry fires (TIMERS.expiry: expire), for every WAITING application past its
 * expiration at `now`: DENIED with reason EXPIRED and the influencer notified, in batches, each in one transaction.
 * Reads already show these rows as denied (effective-status.ts); this writes it down. Safe on several instances at
 * once and alongside the parties' actions: rows are claimed with FOR UPDATE SKIP LOCKED (a row another sweep or an
 * action holds is left to that holder or the next run), and the update re-checks the condition, so each row
 * expires and is notified once. Uses applications_status_expiration_idx. Resolves to how many it expired.
 */
export async function sweepExpiredProposals(
  db: Db,
  now: Date,
  batchSize = EXPIRE_BATCH_SIZE,
  webhookJobs?: WebhookJobs,
): Promise<number> {
  const notice = EXPIRE?.writes.notify;
  if (!EXPIRE || !notice) throw new Error("the lifecycle table names no expiry notification");
  const { to, writes } = EXPIRE;
  let total = 0;
  for (;;) {
    const expired = await db.transaction(async (tx) => {
      const due = tx
        .select({ id: applications.id })
        .from(applications)
        .where(expiredProposalsSql(now))
        .orderBy(deadlineColumn(EXPIRY))
        .limit(batchSize)
        .for("update", { skipLocked: true });
      const rows = await tx
        .update(applications)
        .set({ status: to, deniedReason: writes.deniedReason, updatedAt: now })
        .where(and(inArray(applications.id, due), eq(applications.status, EXPIRY.status)))
        .returning({
          id: applications.id,
          dealId: applications.dealId,
          brandId: applications.brandId,
          influencerId: applications.influencerId,
        });
      if (rows.length > 0) {
        await notify(
          tx,
          rows.flatMap((row) =>
            notice.to.map((to) => ({
              userId: recipientOf(row, to, "system"),
              type: notice.type,
              applicationId: row.id,
              dealId: row.dealId,
              senderId: null,
              createdAt: now,
            })),
          ),
          { webhookJobs },
        );
      }
      return rows.length;
    });
    total += expired;
    if (expired < batchSize) return total;
  }
}
