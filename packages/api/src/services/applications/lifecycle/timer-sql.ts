import { and, applications, eq, gt, isNotNull, lt, lte, type SQL, sql } from "@market/db";
import type { Deadline, Reminders } from "./transitions";

/**
 * The lifecycle table's TIMERS as SQL, for the sweeps: a deadline that has passed, and the reminders due before
 * one. Written over the stored columns, so that each deadline's index serves its sweep: (status, expiration) for
 * the expiry (applications_status_expiration_idx), and the partial index on money_release_date where PROGRESS and
 * set for the release and its reminders (applications_release_due_idx, whose predicate the not-null test repeats).
 */

/** The column a deadline runs to. */
export const deadlineColumn = (deadline: Deadline) => applications[deadline.at];

/**
 * SQL: the row is in the deadline's status and its instant has passed at `now` (the instant itself counts). For
 * the expiry, the very condition reads apply (effective-status.ts: waitingPastExpirationSql).
 */
export function deadlinePassedSql(deadline: Deadline, now: Date): SQL {
  const at = deadlineColumn(deadline);
  return and(eq(applications.status, deadline.status), at.notNull ? undefined : isNotNull(at), lte(at, now)) as SQL;
}

/**
 * SQL expression: how many of the reminders are due at `now` on a running countdown: n once within the n-th lead
 * (longest first), else 0, so that a countdown that starts or resumes within the last lead gets that one only.
 */
export function remindersDueCountSql(reminders: Reminders, deadline: Deadline, now: Date): SQL<number> {
  const at = deadlineColumn(deadline);
  const cases = reminders.leadsMs
    .map((leadMs, index) => sql`when ${lte(at, new Date(now.getTime() + leadMs))} then ${sql.raw(String(index + 1))}`)
    .reverse();
  return sql<number>`(case ${sql.join(cases, sql` `)} else 0 end)`;
}

/**
 * SQL: the deadline's clock runs (its status, its instant ahead), within the first lead, and the row has had fewer
 * reminders than are due.
 */
export function reminderDueSql(reminders: Reminders, deadline: Deadline, now: Date): SQL {
  const at = deadlineColumn(deadline);
  const firstLeadMs = Math.max(...reminders.leadsMs);
  return and(
    eq(applications.status, deadline.status),
    isNotNull(at),
    gt(at, now),
    lte(at, new Date(now.getTime() + firstLeadMs)),
    lt(applications[reminders.countedIn], remindersDueCountSql(reminders, deadline, now)),
  ) as SQL;
}
