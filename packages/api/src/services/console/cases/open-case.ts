import type { CaseKind } from "@market/contracts";
import { applications, isNotNull, or, type SQL, sql } from "@market/db";

/**
 * An open case (issue 36): the brand's contest of the work done (contested_at) or a request for arbitration
 * (arbitration_opened_at) that no admin has decided yet. Both columns are cleared by the decisions (a close, a
 * refund, a release), the contest also by the influencer's new delivery.
 */
export const caseIsOpen: SQL = or(
  isNotNull(applications.contestedAt),
  isNotNull(applications.arbitrationOpenedAt),
) as SQL;

/**
 * When the case opened: the earlier of the two (LEAST ignores a null). The queue's order and keyset, walked on the
 * partial index applications_open_case_idx (migration 0038), which holds the open cases only: the expression and
 * the predicate here are the index's, word for word, so the planner matches them.
 */
export const caseOpenedAt = sql<Date>`least(${applications.contestedAt}, ${applications.arbitrationOpenedAt})`.mapWith(
  applications.contestedAt,
);

/** What is open on a row, in the order the queue names it. */
export function caseKindsOf(row: { contestedAt: Date | null; arbitrationOpenedAt: Date | null }): CaseKind[] {
  return [
    ...(row.contestedAt ? (["contest"] as const) : []),
    ...(row.arbitrationOpenedAt ? (["arbitration"] as const) : []),
  ];
}
