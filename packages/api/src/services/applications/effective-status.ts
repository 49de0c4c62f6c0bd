import type { ApplicationStatus, DeniedReason } from "@market/contracts";
import { and, applications, eq, gt, lte, or, type SQL, type SQLWrapper, sql } from "@market/db";

/**
 * Spec section 4: a WAITING application whose expiration has passed is DENIED with reason EXPIRED. The
 * expiry sweep writes that down, but between two sweeps every read applies the rule itself, so no screen
 * or filter ever shows a WAITING application past its expiration. The rule lives here only, twice: over a
 * row in TypeScript and as SQL for queries.
 */

export interface StatusRow {
  status: ApplicationStatus;
  expiration: Date;
  deniedReason: DeniedReason | null;
}

export interface EffectiveStatus {
  status: ApplicationStatus;
  deniedReason: DeniedReason | null;
}

/** Past its expiration at `now`: the expiration instant itself is already past (nothing can change then). */
export function isPastExpiration(row: { expiration: Date }, now: Date): boolean {
  return row.expiration.getTime() <= now.getTime();
}

/** The status and denied reason a row reads as at `now`. */
export function effectiveStatus(row: StatusRow, now: Date): EffectiveStatus {
  if (row.status === "WAITING" && isPastExpiration(row, now)) return { status: "DENIED", deniedReason: "EXPIRED" };
  return { status: row.status, deniedReason: row.deniedReason };
}

/** The columns the SQL forms read; an alias() of applications fits too. */
type StatusColumns = Pick<typeof applications, "status" | "expiration" | "deniedReason">;

/** An instant for the SQL forms: a value, or a prepared query's placeholder for one. */
type Instant = Date | SQLWrapper;

/** SQL: stored WAITING whose expiration is past at `now` (the rows the sweep turns into DENIED, EXPIRED). */
export function waitingPastExpirationSql(now: Instant, t: StatusColumns = applications): SQL {
  return and(eq(t.status, "WAITING"), lte(t.expiration, now)) as SQL;
}

/** SQL expression: the effective status at `now`, for select lists and ordering. */
export function effectiveStatusSql(now: Date, t: StatusColumns = applications): SQL<ApplicationStatus> {
  return sql<ApplicationStatus>`(case when ${waitingPastExpirationSql(now, t)} then 'DENIED' else ${t.status} end)`;
}

/** SQL expression: the effective denied reason at `now` (EXPIRED for a WAITING past expiration). */
export function effectiveDeniedReasonSql(now: Date, t: StatusColumns = applications): SQL<DeniedReason | null> {
  return sql<DeniedReason | null>`(case when ${waitingPastExpirationSql(now, t)} then 'EXPIRED' else ${t.deniedReason} end)`;
}

/**
 * SQL condition: the effective status at `now` is one of `statuses`. Written over the stored columns (not
 * over the CASE) so an index on (status, expiration) or a status filter can still serve it.
 */
export function effectiveStatusIn(
  statuses: readonly ApplicationStatus[],
  now: Instant,
  t: StatusColumns = applications,
): SQL {
  const parts = [...new Set(statuses)].map((status): SQL => {
    if (status === "WAITING") return and(eq(t.status, "WAITING"), gt(t.expiration, now)) as SQL;
    if (status === "DENIED") return or(eq(t.status, "DENIED"), waitingPastExpirationSql(now, t)) as SQL;
    return eq(t.status, status);
  });
  if (parts.length === 0) return sql`false`;
  return (parts.length === 1 ? parts[0] : or(...parts)) as SQL;
}
