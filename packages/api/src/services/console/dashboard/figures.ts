import type { DashboardFigures } from "@market/contracts";
import { applications, chatMessages, type Db, ledgerAccount, ledgerEntries, payouts, rowsOf, sql } from "@market/db";

/** A period of the figures: from (inclusive) to (exclusive). */
export interface Period {
  from: Date;
  to: Date;
}

interface FigureRow {
  gmv: string | number;
  fees: string | number;
  escrow: string | number;
  in_flight_count: string | number;
  in_flight_cents: string | number;
  median_hours: string | number | null;
  auto_share: string | number | null;
  contested_share: string | number | null;
  failed_payouts: string | number;
  paid_payouts: string | number;
}

const instant = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * The platform's figures (issue 36, point 1; docs/product.md "Dashboard" says the same), in one statement. The
 * ledger's entries carry the database's time of posting, the applications and payouts their events' times.
 *
 * - GMV paid in: what cards paid into escrow, the debits of external:stripe posted in the period: only a `payment`
 *   debits it (a refund credits it), so no join to the transactions is needed; a refund later does not undo it, it
 *   is what came in. ledger_entries_account_created_idx.
 * - Fees earned: the credits of platform:fees posted in the period (each release's B - I). Same index.
 * - Escrow held now: the balance of escrow:<id> over the hires in PROGRESS, the only ones whose escrow is not zero
 *   (money.md's invariant). applications_status_expiration_idx, then the entries by account.
 * - Payouts in flight now: payouts still processing (requested, or sent and unanswered), their number and amount.
 *   payouts_status_idx.
 * - Median hours from work done to release: over the releases of the period (released_at in it), the hours from the
 *   last work done before the release (its chat line) to the release; releases without a work done are left out.
 *   applications_released_at_idx, then chat_messages_application_created_idx.
 * - Share of releases made automatically: of the same releases, those whose money_released line says automatic.
 * - Share of hires contested: of the hires paid in the period (paid_at in it), those the brand said were not done
 *   (a work_not_done line) at least once, resolved since or not. applications_paid_at_idx.
 * - Payout failure rate: of the payouts whose outcome came in the period (failed: failed_at in it; paid: status
 *   paid and release_date in it), the failed share. payouts_failed_at_idx, payouts_release_date_idx.
 * Shares are null when there is nothing to divide (no release, no hire, no outcome), never a made-up 0.
 */
export async function platformFigures(deps: { db: Db }, period: Period): Promise<Omit<DashboardFigures, "period">> {
  const [from, to] = [instant(period.from), instant(period.to)];
  const [row] = rowsOf<FigureRow>(
    await deps.db.execute(sql`
      with releases as (
        select a.id, a.released_at from ${applications} a where a.released_at >= ${from} and a.released_at < ${to}
      ), hires as (
        select a.id from ${applications} a where a.paid_at >= ${from} and a.paid_at < ${to}
      )
      select
        (select coalesce(-sum(e.amount_cents), 0) from ${ledgerEntries} e
          where e.account = ${ledgerAccount.stripe} and e.amount_cents < 0
            and e.created_at >= ${from} and e.created_at < ${to}) as gmv,
        (select coalesce(sum(e.amount_cents), 0) from ${ledgerEntries} e
          where e.account = ${ledgerAccount.platformFees} and e.created_at >= ${from} and e.created_at < ${to}) as fees,
        (select coalesce(sum(e.amount_cents), 0) from ${applications} a
          join ${ledgerEntries} e on e.account = 'escrow:' || a.id
          where a.status = 'PROGRESS') as escrow,
        (select count(*) from ${payouts} p where p.status = 'processing') as in_flight_count,
        (select coalesce(sum(p.amount_cents), 0) from ${payouts} p where p.status = 'processing') as in_flight_cents,
        (select percentile_cont(0.5) within group (order by extract(epoch from r.released_at - done.at) / 3600)
          from releases r
          cross join lateral (select max(m.created_at) as at from ${chatMessages} m
            where m.application_id = r.id and m.type = 'work_done' and m.created_at <= r.released_at) done
          where done.at is not null) as median_hours,
        (select avg(case when exists (select 1 from ${chatMessages} m
            where m.application_id = r.id and m.type = 'money_released' and m.payload ->> 'automatic' = 'true')
          then 1.0 else 0.0 end) from releases r) as auto_share,
        (select avg(case when exists (select 1 from ${chatMessages} m
            where m.application_id = h.id and m.type = 'work_not_done')
          then 1.0 else 0.0 end) from hires h) as contested_share,
        (select count(*) from ${payouts} p
          where p.status = 'failed' and p.failed_at >= ${from} and p.failed_at < ${to}) as failed_payouts,
        (select count(*) from ${payouts} p
          where p.status = 'paid' and p.release_date >= ${from} and p.release_date < ${to}) as paid_payouts
    `),
  );
  if (!row) throw new Error("the dashboard's figures read no row");
  const failed = Number(row.failed_payouts);
  const outcomes = failed + Number(row.paid_payouts);
  return {
    gmvPaidInCents: Number(row.gmv),
    feesEarnedCents: Number(row.fees),
    escrowHeldCents: Number(row.escrow),
    payoutsInFlight: { count: Number(row.in_flight_count), amountCents: Number(row.in_flight_cents) },
    medianHoursWorkDoneToRelease: row.median_hours === null ? null : Number(row.median_hours),
    autoReleaseShare: row.auto_share === null ? null : Number(row.auto_share),
    contestedShare: row.contested_share === null ? null : Number(row.contested_share),
    payoutFailureRate: outcomes === 0 ? null : failed / outcomes,
  };
}
