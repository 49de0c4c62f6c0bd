import { type Db, rowsOf, type SQL, sql } from "@market/db";

/**
 * money.md's invariants as one SQL query, for tests to run after every money operation (the model-based test runs
 * it after every step). Each violated invariant answers a row naming what broke; an empty answer means the ledger
 * holds. Without a scope the whole ledger is checked; with `applicationIds` only those applications, their
 * transactions and their parties' accounts, so a long test's checks stay as cheap as its own rows.
 */
export const LEDGER_INVARIANTS = [
  /** Every transaction's entries sum to zero, and a transaction has entries. */
  "balanced",
  /** The sum over all accounts is zero (whole-ledger checks only: a scope sees only its own transactions). */
  "zero_sum",
  /** escrow:<app> holds B (paid_amount_cents) while the application is PROGRESS, 0 otherwise. */
  "escrow",
  /** A PROGRESS application has been paid: B > 0. */
  "progress_paid",
  /** No influencer balance, escrow, platform:fees or payouts:pending below zero. */
  "not_negative",
  /** An escrow account belongs to an application that exists (whole-ledger checks only). */
  "escrow_owner",
  /** B is what the ticked networks cost with the brand fee copied at accept (money.md's rounding). */
  "brand_total",
  /** Each payment, release and refund writes exactly money.md's entries for its application, with its B and I. */
  "movement",
  /** A paid application has one payment transaction and one succeeded charge of B; an unpaid one neither. */
  "payments",
  /** A COMPLETE application was released once; a refunded one refunded once; never both, never before paying. */
  "settlements",
  /** payouts:pending is the processing payouts; each payout's transactions match its status (whole-ledger only). */
  "payouts",
] as const;
export type LedgerInvariant = (typeof LEDGER_INVARIANTS)[number];

export interface LedgerViolation {
  invariant: LedgerInvariant;
  subject: string;
  detail: string;
}

export interface LedgerScope {
  /** Check these applications only (and their transactions, escrows and influencers' balances). */
  applicationIds: readonly number[];
}

const list = (ids: readonly number[]) =>
  ids.length === 0
    ? sql`null`
    : sql.join(
        ids.map((id) => sql`${id}::int`),
        sql`, `,
      );

/** Round half up to the cent of P * (10000 ± fee in hundredths) / 10000, as contracts' money.ts computes it. */
const scaled = (price: SQL, fee: SQL, sign: "+" | "-") =>
  sql`floor((${price} * (10000 ${sql.raw(sign)} round(${fee} * 100)) + 5000) / 10000)`;

function query(scope: LedgerScope | undefined): SQL {
  const whole = scope === undefined;
  const apps = whole ? sql`true` : sql`a.id in (${list(scope.applicationIds)})`;
  const txs = whole ? sql`true` : sql`t.application_id in (${list(scope.applicationIds)})`;
  // Balances of the accounts in scope, summed once; the account index serves the scoped lookups.
  const accounts = whole
    ? sql`select account, sum(amount_cents) as cents from ledger_entries group by account`
    : sql`select e.account, sum(e.amount_cents) as cents from ledger_entries e
          where e.account in (select 'escrow:' || id from apps union select 'influencer:' || influencer_id from apps)
          group by e.account`;
  const wholeOnly = (check: SQL) => (whole ? sql`union all ${check}` : sql``);

  return sql`
    with apps as (
      select a.id, a.status, a.influencer_id, a.paid_amount_cents as b, a.refunded_at,
        a.fee_brand_percent, a.fee_influencer_percent,
        (select coalesce(sum(p.price_cents), 0) from application_prices p
          where p.application_id = a.id and p.hired) as hired_cents
      from applications a where ${apps}
    ),
    txs as (
      select t.id, t.kind, t.application_id, t.payout_id from ledger_transactions t where ${txs}
    ),
    tx_totals as (
      select t.id, coalesce(sum(e.amount_cents), 0) as total, count(e.id) as lines
      from txs t left join ledger_entries e on e.transaction_id = t.id group by t.id
    ),
    accounts as (${accounts}),
    -- What each application's own movements write, per account of money.md's table.
    moves as (
      select t.id, t.kind, t.application_id, a.b,
        ${scaled(sql`a.hired_cents`, sql`a.fee_influencer_percent`, "-")} as i,
        coalesce(sum(e.amount_cents) filter (where e.account = 'escrow:' || a.id), 0) as escrow,
        coalesce(sum(e.amount_cents) filter (where e.account = 'external:stripe'), 0) as stripe,
        coalesce(sum(e.amount_cents) filter (where e.account = 'influencer:' || a.influencer_id), 0) as influencer,
        coalesce(sum(e.amount_cents) filter (where e.account = 'platform:fees'), 0) as fees,
        count(e.id) filter (where e.account not in
          ('escrow:' || a.id, 'external:stripe', 'influencer:' || a.influencer_id, 'platform:fees')) as others
      from txs t
      left join apps a on a.id = t.application_id
      left join ledger_entries e on e.transaction_id = t.id
      where t.kind in ('payment', 'release', 'refund')
      group by t.id, t.kind, t.application_id, a.id, a.b, a.hired_cents, a.fee_influencer_percent
    ),
    app_money as (
      select a.*,
        coalesce((select cents from accounts where account = 'escrow:' || a.id), 0) as escrow,
        (select count(*) from txs where application_id = a.id and kind = 'payment') as payments,
        (select count(*) from txs where application_id = a.id and kind = 'release') as releases,
        (select count(*) from txs where application_id = a.id and kind = 'refund') as refunds,
        (select count(*) from payment_attempts p where p.application_id = a.id and p.status = 'succeeded') as charges,
        (select coalesce(sum(p.amount_cents), 0) from payment_attempts p
          where p.application_id = a.id and p.status = 'succeeded') as charged
      from apps a
    )
    select 'balanced' as invariant, 'transaction ' || id as subject,
      'entries sum to ' || total || ' over ' || lines || ' lines' as detail
    from tx_totals where total <> 0 or lines = 0
    ${wholeOnly(sql`select 'zero_sum', 'all accounts', 'the accounts sum to ' || sum(amount_cents)
      from ledger_entries having coalesce(sum(amount_cents), 0) <> 0`)}
    union all
    select 'escrow', 'application ' || id, 'escrow:' || id || ' holds ' || escrow || ' while ' || status || ' with B = ' || b
    from app_money where escrow <> case when status = 'PROGRESS' then b else 0 end
    union all
    select 'progress_paid', 'application ' || id, 'PROGRESS with B = ' || b from app_money where status = 'PROGRESS' and b <= 0
    union all
    select 'not_negative', account, account || ' holds ' || cents
    from accounts where cents < 0 and account not like 'external:%'
    ${wholeOnly(sql`select 'escrow_owner', account, account || ' holds ' || cents || ' for no application'
      from accounts where account like 'escrow:%'
        and not exists (select 1 from applications a where 'escrow:' || a.id = accounts.account)`)}
    union all
    select 'brand_total', 'application ' || id,
      'B = ' || b || ' but the ticked networks cost ' || hired_cents || ' with a ' || fee_brand_percent || ' % fee'
    from apps where b > 0 and b is distinct from ${scaled(sql`hired_cents`, sql`fee_brand_percent`, "+")}
    union all
    select 'movement', 'transaction ' || id,
      kind || ' of application ' || coalesce(application_id::text, 'none') || ' (B = ' || coalesce(b::text, '?')
        || ', I = ' || coalesce(i::text, '?') || ') writes escrow ' || escrow || ', external:stripe ' || stripe
        || ', influencer ' || influencer || ', platform:fees ' || fees || ', ' || others || ' other lines'
    from moves where b is null or others > 0 or (case kind
      when 'payment' then escrow = b and stripe = -b and influencer = 0 and fees = 0
      when 'release' then escrow = -b and stripe = 0 and influencer = i and fees = b - i
      else escrow = -b and stripe = b and influencer = 0 and fees = 0 end) is not true
    union all
    select 'payments', 'application ' || id,
      payments || ' payment transactions and ' || charges || ' succeeded charges of ' || charged || ' for B = ' || b
    from app_money where payments <> (b > 0)::int or charges <> payments or charged <> case when b > 0 then b else 0 end
    union all
    select 'settlements', 'application ' || id,
      status || ' after ' || payments || ' payments, ' || releases || ' releases, ' || refunds || ' refunds'
        || case when refunded_at is null then '' else ' (refunded_at set)' end
    from app_money where releases + refunds > payments
      or releases <> (status = 'COMPLETE' and payments > 0)::int
      or refunds <> (refunded_at is not null)::int
    ${wholeOnly(sql`select 'payouts', 'payouts:pending',
        'payouts:pending holds ' || coalesce((select cents from accounts where account = 'payouts:pending'), 0)
          || ' for processing payouts of ' || coalesce(sum(amount_cents), 0)
      from payouts where status = 'processing'
      having coalesce(sum(amount_cents), 0) <> coalesce((select cents from accounts where account = 'payouts:pending'), 0)
    union all
    select 'payouts', 'payout ' || p.id, p.status || ' payout of ' || p.amount_cents || ' writes influencer '
        || m.influencer || ', payouts:pending ' || m.pending || ', external:payouts ' || m.paid_out || ' over '
        || m.requests || ' requests, ' || m.paid || ' paid, ' || m.failed || ' failed, ' || m.returned || ' returned'
    from payouts p cross join lateral (
      select
        coalesce(sum(e.amount_cents) filter (where e.account = 'influencer:' || p.user_id), 0) as influencer,
        coalesce(sum(e.amount_cents) filter (where e.account = 'payouts:pending'), 0) as pending,
        coalesce(sum(e.amount_cents) filter (where e.account = 'external:payouts'), 0) as paid_out,
        count(distinct t.id) filter (where t.kind = 'payout_request') as requests,
        count(distinct t.id) filter (where t.kind = 'payout_paid') as paid,
        count(distinct t.id) filter (where t.kind = 'payout_failed') as failed,
        count(distinct t.id) filter (where t.kind = 'payout_returned') as returned
      from ledger_transactions t join ledger_entries e on e.transaction_id = t.id where t.payout_id = p.id
    ) m
    where m.requests <> 1 or (case p.status
      when 'processing' then m.influencer = -p.amount_cents and m.pending = p.amount_cents and m.paid_out = 0
        and m.paid = 0 and m.failed = 0 and m.returned = 0
      when 'paid' then m.influencer = -p.amount_cents and m.pending = 0 and m.paid_out = p.amount_cents
        and m.paid = 1 and m.failed = 0 and m.returned = 0
      -- Failed, or paid and then returned by the rails (a bounce): the money is back in the balance either way.
      else m.influencer = 0 and m.pending = 0 and m.paid_out = 0 and m.paid = m.returned and m.returned <= 1
        and m.failed = 1 end) is not true`)}
  `;
}

/** The violated invariants of the ledger (or of a scope of it), one row each; empty when the ledger holds. */
export async function ledgerViolations(db: Db, scope?: LedgerScope): Promise<LedgerViolation[]> {
  return rowsOf<LedgerViolation>(await db.execute(query(scope)));
}

/** Throws with every violation listed when the ledger (or a scope of it) breaks one of money.md's invariants. */
export async function assertLedgerInvariants(db: Db, scope?: LedgerScope): Promise<void> {
  const violations = await ledgerViolations(db, scope);
  if (violations.length > 0) {
    throw new Error(
      `ledger invariants broken:\n${violations.map((v) => `  ${v.invariant}: ${v.subject}: ${v.detail}`).join("\n")}`,
    );
  }
}
