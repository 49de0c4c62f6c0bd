import type { DashboardFigures } from "@market/contracts";
import {
  applications,
  chatMessages,
  type Db,
  ledgerAccount,
  ledgerEntries,
  payouts,
  rowsOf,
  type SQL,
  sql,
} from "@market/db";
import type { Period } from "../services/console/dashboard/period-split";

const instant = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * The figures as docs/product.md defines them, read from the lines themselves (the dashboard's statement before the
 * summary tables of the dashboard_figures migration). Not for a screen: its time grows with the period's activity
 * and the hires in progress (docs/performance.md). It is the summary's check: the tests compare the dashboard's
 * figures with it over periods cut every way, and scripts/console-plans.ts compares them, and their times, at scale.
 */
export function figuresFromLinesStatement(period: Period): SQL {
  const [from, to] = [instant(period.from), instant(period.to)];
  return sql`
    with releases as (
      select a.id, a.released_at from ${applications} a where a.released_at >= ${from} and a.released_at < ${to}
    ), hires as (
      select a.id from ${applications} a where a.paid_at >= ${from} and a.paid_at < ${to}
    )
    select
      (select coalesce(-sum(e.amount_cents), 0) from ${ledgerEntries} e where e.account = ${ledgerAccount.stripe}
        and e.amount_cents < 0 and e.created_at >= ${from} and e.created_at < ${to}) as gmv,
      (select coalesce(sum(e.amount_cents), 0) from ${ledgerEntries} e
        where e.account = ${ledgerAccount.platformFees} and e.created_at >= ${from} and e.created_at < ${to}) as fees,
      (select coalesce(sum(e.amount_cents), 0) from ${applications} a
        join ${ledgerEntries} e on e.account = 'escrow:' || a.id where a.status = 'PROGRESS') as escrow,
      (select count(*) from ${payouts} p where p.status = 'processing') as in_flight_count,
      (select coalesce(sum(p.amount_cents), 0) from ${payouts} p where p.status = 'processing') as in_flight_cents,
      (select percentile_cont(0.5) within group (order by extract(epoch from r.released_at - done.at) / 3600)
        from releases r cross join lateral (select max(m.created_at) as at from ${chatMessages} m
          where m.application_id = r.id and m.type = 'work_done' and m.created_at <= r.released_at) done
        where done.at is not null) as median_hours,
      (select avg(case when exists (select 1 from ${chatMessages} m where m.application_id = r.id
          and m.type = 'money_released' and m.payload ->> 'automatic' = 'true') then 1.0 else 0.0 end)
        from releases r) as auto_share,
      (select avg(case when exists (select 1 from ${chatMessages} m
          where m.application_id = h.id and m.type = 'work_not_done') then 1.0 else 0.0 end)
        from hires h) as contested_share,
      (select count(*) from ${payouts} p
        where p.status = 'failed' and p.failed_at >= ${from} and p.failed_at < ${to}) as failed,
      (select count(*) from ${payouts} p
        where p.status = 'paid' and p.release_date >= ${from} and p.release_date < ${to}) as paid
  `;
}

/** The figures from the lines over the period. */
export async function figuresFromLines(deps: { db: Db }, period: Period): Promise<Omit<DashboardFigures, "period">> {
  const [row] = rowsOf<Record<string, string | number | null>>(
    await deps.db.execute(figuresFromLinesStatement(period)),
  );
  if (!row) throw new Error("the figures from the lines read no row");
  const number = (value: string | number | null | undefined) =>
    value === null || value === undefined ? null : Number(value);
  const failed = Number(row.failed);
  const outcomes = failed + Number(row.paid);
  return {
    gmvPaidInCents: Number(row.gmv),
    feesEarnedCents: Number(row.fees),
    escrowHeldCents: Number(row.escrow),
    payoutsInFlight: { count: Number(row.in_flight_count), amountCents: Number(row.in_flight_cents) },
    medianHoursWorkDoneToRelease: number(row.median_hours),
    autoReleaseShare: number(row.auto_share),
    contestedShare: number(row.contested_share),
    payoutFailureRate: outcomes === 0 ? null : failed / outcomes,
  };
}
