import type { DashboardFigures } from "@market/contracts";
import {
  applications,
  chatMessages,
  type Db,
  ledgerAccount,
  ledgerEntries,
  payouts,
  platformDailyFigures,
  platformRunningFigures,
  releaseFacts,
  rowsOf,
  type SQL,
  sql,
} from "@market/db";
import { type Period, splitPeriod } from "./period-split";

export type { Period } from "./period-split";

interface FigureRow {
  gmv: string | number;
  fees: string | number;
  escrow: string | number;
  in_flight_count: string | number;
  in_flight_cents: string | number;
  median_hours: string | number | null;
  auto_share: string | number | null;
  hires: string | number;
  contested: string | number;
  failed_payouts: string | number;
  paid_payouts: string | number;
}

const instant = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** `column` within one of the ranges (each a short index range), or false when there is none. */
function within(column: SQL, ranges: Period[]): SQL {
  if (ranges.length === 0) return sql`false`;
  return sql`(${sql.join(
    ranges.map((range) => sql`(${column} >= ${instant(range.from)} and ${column} < ${instant(range.to)})`),
    sql` or `,
  )})`;
}

/**
 * The platform's figures (issue 36, point 1; docs/product.md "Dashboard" defines them), as one statement whose work
 * does not grow with the database: the figures are kept as they happen by the triggers of the dashboard_figures
 * migration (packages/db/src/schema/figures.ts), and read here as
 *
 * - the period's whole UTC days: a range of platform_daily_figures (a row per day and slot), for GMV paid in
 *   (debits of external:stripe), fees earned (credits of platform:fees), hires paid and contested (paid_at's day; a
 *   work_not_done line at any time), payouts failed (failed_at) and paid (status paid, release_date);
 * - the period's partial days at either end (less than a day each): the same figures from the lines themselves, on
 *   the indexes that hold them (ledger_entries_account_created_idx, applications_paid_at_idx then the hire's chat
 *   by chat_messages_application_created_idx, payouts_failed_at_idx, payouts_release_date_idx), so that a period
 *   from noon to noon stays exact;
 * - the median hours from work done to release and the automatic share: over the period's releases, an index-only
 *   range of release_facts_released_at_idx (one narrow row per release);
 * - escrow held and payouts in flight now: the running rows of platform_running_figures (one per slot).
 * Shares are null when there is nothing to divide (no release, no hire, no outcome), never a made-up 0.
 */
export function figuresStatement(period: Period): SQL {
  const { days, edges } = splitPeriod(period);
  const inDays = days
    ? sql`${platformDailyFigures.day} >= ${days.from}::date and ${platformDailyFigures.day} < ${days.to}::date`
    : sql`false`;
  const [from, to] = [instant(period.from), instant(period.to)];
  return sql`
    with days as (
      select coalesce(sum(gmv_paid_in_cents), 0) as gmv, coalesce(sum(fees_earned_cents), 0) as fees,
        coalesce(sum(hires_paid), 0) as hires, coalesce(sum(hires_contested), 0) as contested,
        coalesce(sum(payouts_failed), 0) as failed, coalesce(sum(payouts_paid), 0) as paid
      from ${platformDailyFigures} where ${inDays}
    ), edge_hires as (
      select count(*) as hires,
        count(*) filter (where exists (select 1 from ${chatMessages} m
          where m.application_id = a.id and m.type = 'work_not_done')) as contested
      from ${applications} a where a.paid_at is not null and ${within(sql`a.paid_at`, edges)}
    ), releases as (
      select percentile_cont(0.5) within group (order by r.hours_work_done_to_release) as median_hours,
        avg(case when r.automatic then 1.0 else 0.0 end) as auto_share
      from ${releaseFacts} r where r.released_at >= ${from} and r.released_at < ${to}
    ), running as (
      select coalesce(sum(escrow_held_cents), 0) as escrow, coalesce(sum(payouts_in_flight), 0) as in_flight_count,
        coalesce(sum(payouts_in_flight_cents), 0) as in_flight_cents
      from ${platformRunningFigures}
    )
    select
      days.gmv + (select coalesce(-sum(e.amount_cents), 0) from ${ledgerEntries} e
        where e.account = ${ledgerAccount.stripe} and e.amount_cents < 0
          and ${within(sql`e.created_at`, edges)}) as gmv,
      days.fees + (select coalesce(sum(e.amount_cents), 0) from ${ledgerEntries} e
        where e.account = ${ledgerAccount.platformFees} and ${within(sql`e.created_at`, edges)}) as fees,
      running.escrow, running.in_flight_count, running.in_flight_cents,
      releases.median_hours, releases.auto_share,
      days.hires + edge_hires.hires as hires, days.contested + edge_hires.contested as contested,
      days.failed + (select count(*) from ${payouts} p where p.status = 'failed' and p.failed_at is not null
        and ${within(sql`p.failed_at`, edges)}) as failed_payouts,
      days.paid + (select count(*) from ${payouts} p where p.status = 'paid' and p.release_date is not null
        and ${within(sql`p.release_date`, edges)}) as paid_payouts
    from days, edge_hires, releases, running`;
}

/** The figures over the period, in one statement (one round trip). */
export async function platformFigures(deps: { db: Db }, period: Period): Promise<Omit<DashboardFigures, "period">> {
  const [row] = rowsOf<FigureRow>(await deps.db.execute(figuresStatement(period)));
  if (!row) throw new Error("the dashboard's figures read no row");
  const hires = Number(row.hires);
  const failed = Number(row.failed_payouts);
  const outcomes = failed + Number(row.paid_payouts);
  return {
    gmvPaidInCents: Number(row.gmv),
    feesEarnedCents: Number(row.fees),
    escrowHeldCents: Number(row.escrow),
    payoutsInFlight: { count: Number(row.in_flight_count), amountCents: Number(row.in_flight_cents) },
    medianHoursWorkDoneToRelease: row.median_hours === null ? null : Number(row.median_hours),
    autoReleaseShare: row.auto_share === null ? null : Number(row.auto_share),
    contestedShare: hires === 0 ? null : Number(row.contested) / hires,
    payoutFailureRate: outcomes === 0 ? null : failed / outcomes,
  };
}
