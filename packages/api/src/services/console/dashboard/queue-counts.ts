import { CONSOLE_PAYOUT_STATES, CONSOLE_QUEUES, type ConsoleQueue, type QueueCounts } from "@market/contracts";
import {
  applications,
  type Db,
  deals,
  influencerFlags,
  influencerProfiles,
  payouts,
  refundRequests,
  rowsOf,
  type SQL,
  sql,
} from "@market/db";
import { stateParts } from "../payouts/queue-states";

/**
 * Each queue's count (issue 36, point 2), as one scalar sub-select: a queue of the console is one more entry here
 * (and its name in CONSOLE_QUEUES). Each reads a partial index holding exactly its queue's rows, or a few more.
 */
const QUEUE_COUNTS: Record<ConsoleQueue, (now: Date) => SQL> = {
  /** Live (not deleted) deals no admin has reviewed yet: deals_review_queue_idx. */
  dealsAwaitingReview: () => sql`select count(*) from ${deals}
    where ${deals.reviewStatus} = 'NONE' and ${deals.deletedAt} is null`,
  /** Hires the brand contested (work not done), and open requests for arbitration: applications_open_case_idx. */
  cases: () => sql`select count(*) from ${applications}
    where ${applications.contestedAt} is not null or ${applications.arbitrationOpenedAt} is not null`,
  /** Influencers flagged FAKE (maybe_fake): influencer_profiles_maybe_fake_idx. */
  flaggedInfluencers: () => sql`select count(*) from ${influencerProfiles} where ${influencerProfiles.maybeFake}`,
  /** Appeals of a flag waiting for an admin's decision: influencer_flags_appeal_queue_idx. */
  appealsAwaitingDecision: () => sql`select count(*) from ${influencerFlags}
    where ${influencerFlags.appealedAt} is not null and ${influencerFlags.decidedAt} is null`,
  /** Refunds above the two-person threshold waiting for a second admin (a few rows: refund_requests_open_key). */
  refundsAwaitingApproval: () => sql`select count(*) from ${refundRequests} where ${refundRequests.status} = 'pending'`,
  /**
   * The payouts queue's (services/console/payouts/queue-states.ts): failed and not retried, held by the provider, and
   * stuck past their provider's expected time (a count per provider, each a range of payouts_console_stuck_idx),
   * each on its partial index. Added rather than one OR: with the OR the
   * planner hashes the whole payouts table for the anti-join.
   */
  payoutsFailedOrStuck: (now) =>
    sql`select ${sql.join(
      CONSOLE_PAYOUT_STATES.flatMap((state) =>
        stateParts(state, now).map((part) => sql`(select count(*) from ${payouts} where ${part})`),
      ),
      sql` + `,
    )}`,
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
