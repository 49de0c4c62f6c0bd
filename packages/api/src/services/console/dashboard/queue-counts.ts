import { CONSOLE_QUEUES, type ConsoleQueue, PAYOUT_STUCK_AFTER_MS, type QueueCounts } from "@market/contracts";
import { applications, type Db, deals, influencerProfiles, payouts, rowsOf, type SQL, sql } from "@market/db";

/**
 * Each queue's count (issue 36, point 2), as one scalar sub-select: a queue of the console is one more entry here
 * (and its name in CONSOLE_QUEUES). Each reads a partial index holding exactly its queue's rows, or a few more.
 */
const QUEUE_COUNTS: Record<ConsoleQueue, (now: Date) => SQL> = {
  /** Live (not deleted) deals no admin has reviewed yet: deals_review_queue_idx. */
  dealsAwaitingReview: () => sql`select count(*) from ${deals}
    where ${deals.reviewStatus} = 'NONE' and ${deals.deletedAt} is null`,
  /** Hires the brand contested (work not done), and open requests for arbitration: applications_cases_idx. */
  cases: () => sql`select count(*) from ${applications}
    where ${applications.contestedAt} is not null or ${applications.arbitrationOpenedAt} is not null`,
  /** Influencers flagged FAKE (maybe_fake): influencer_profiles_maybe_fake_idx. */
  flaggedInfluencers: () => sql`select count(*) from ${influencerProfiles} where ${influencerProfiles.maybeFake}`,
  /**
   * Payouts failed and not retried yet (payouts_status_idx, the retry looked up in payouts_retry_of_idx), and those
   * sent to the provider more than PAYOUT_STUCK_AFTER_MS ago still unanswered (processing: payouts_sent_processing_idx).
   */
  // Two counts added rather than one OR: with the OR the planner hashes the whole payouts table for the anti-join.
  payoutsFailedOrStuck: (now) => sql`select
    (select count(*) from ${payouts} as p where p.status = 'failed'
      and not exists (select 1 from ${payouts} as r where r.retry_of_payout_id = p.id))
    + (select count(*) from ${payouts} as p where p.status = 'processing'
      and p.sent_at < ${new Date(now.getTime() - PAYOUT_STUCK_AFTER_MS).toISOString()}::timestamptz)`,
};

/** Every queue's count, in one statement (one round trip). */
export async function queueCounts(deps: { db: Db }, now: Date): Promise<QueueCounts> {
  const columns = sql.join(
    CONSOLE_QUEUES.map((queue) => sql`(${QUEUE_COUNTS[queue](now)})::int as ${sql.identifier(queue)}`),
    sql`, `,
  );
  const row = rowsOf<Record<ConsoleQueue, number>>(await deps.db.execute(sql`select ${columns}`))[0];
  if (!row) throw new Error("the queue counts read no row");
  return Object.fromEntries(CONSOLE_QUEUES.map((queue) => [queue, Number(row[queue])])) as QueueCounts;
}
