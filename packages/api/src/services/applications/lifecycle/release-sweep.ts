import { and, applications, type Db, notInArray } from "@market/db";
import type { WebhookJobs } from "../../notifications/notify";
import { releasedFields, releaseMoney } from "../release-money";
import { runTransition, type Taker } from "./apply-action";
import { deadlineColumn, deadlinePassedSql } from "./timer-sql";
import { TIMERS } from "./transitions";

/** Rows per transaction: short locks and bounded memory however many windows ended at once. */
export const RELEASE_BATCH_SIZE = 100;

const SYSTEM: Taker<"system"> = { role: "system", userId: null, impersonatorId: null };

const RELEASE = TIMERS.release;

/** SQL: the rows whose countdown has ended at `now`, as the table's release declares them (PROGRESS, date passed). */
export const dueReleasesSql = (now: Date) => deadlinePassedSql(RELEASE, now);

/** What a sweep reports of a row it could not release (the others go on). */
export type ReleaseFailureLog = (details: { applicationId: number; err: unknown }) => void;

/**
 * Spec section 4: at the end of the countdown the money is released automatically. For every PROGRESS application
 * whose moneyReleaseDate has passed at `now` (a paused countdown has none), the transition the table's release
 * timer fires (TIMERS.release), autoRelease:
 * COMPLETE, the ledger's release, a money_released line with automatic: true, both parties notified.
 *
 * Safe on several instances at once and alongside the parties' actions: rows are claimed with FOR UPDATE SKIP
 * LOCKED (a row another sweep or an action holds is left to that holder or the next run), the table decides again
 * on the locked row (a release or a contest that won the race makes it refuse), and the ledger's release is keyed
 * by the application, so each hire is released once. Each row runs in its own savepoint: one that fails (a hire
 * whose escrow does not hold what the brand paid) is reported and left, and the others are released. Uses
 * applications_release_due_idx. Resolves to how many it released.
 */
export async function sweepDueReleases(
  db: Db,
  now: Date,
  {
    batchSize = RELEASE_BATCH_SIZE,
    onFailure,
    webhookJobs,
  }: { batchSize?: number; onFailure?: ReleaseFailureLog; webhookJobs?: WebhookJobs | undefined } = {},
): Promise<number> {
  // Rows this run leaves (failed, or refused by the table): never claimed again by it, so it ends.
  const skipped: number[] = [];
  let total = 0;
  for (;;) {
    const { claimed, released } = await db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(applications)
        .where(and(dueReleasesSql(now), skipped.length > 0 ? notInArray(applications.id, skipped) : undefined))
        .orderBy(deadlineColumn(RELEASE))
        .limit(batchSize)
        .for("update", { skipLocked: true });
      let released = 0;
      for (const application of due) {
        try {
          const outcome = await tx.transaction((savepoint) =>
            runTransition(
              savepoint,
              application,
              SYSTEM,
              RELEASE.fires,
              now,
              (context) => releaseMoney(context, { automatic: true }),
              releasedFields,
              webhookJobs,
            ),
          );
          if (outcome.ok) released += 1;
          else skipped.push(application.id);
        } catch (err) {
          skipped.push(application.id);
          onFailure?.({ applicationId: application.id, err });
        }
      }
      return { claimed: due.length, released };
    });
    total += released;
    if (claimed < batchSize) return total;
  }
}
