/**
 * The money side of scripts/console-plans.ts's scale data, for the dashboard's figures: `hires` paid hires over the
 * year before `end` (one in five still in progress, the rest released 1-9 days after payment, a third of them
 * automatically, one in ten contested), their ledger (a payment each, a release each released: about 4.4 entries a
 * hire, so 230,000 hires make 1,000,000 entries), their chat lines (work done, work not done, money released) and
 * `payouts` payouts (96 % paid, 2 % failed, 2 % processing). The rows are written with the triggers off (as a
 * restore would: no foreign key or balance check, no summary kept), then the summaries are filled by the dashboard
 * migration's own backfill, so the comparison with the lines also checks that backfill at scale.
 */
import { readFileSync } from "node:fs";
import type { PostgresHandle } from "./scratch-database";

const FIGURES_MIGRATION = new URL("../drizzle/0042_dashboard_figures.sql", import.meta.url);

export async function fillMoney(
  handle: PostgresHandle,
  { hires, payouts, users, end }: { hires: number; payouts: number; users: number; end: string },
): Promise<void> {
  const at = (n: string) => `(timestamptz '${end}' - (${n}) * interval '365 days' / ${hires})`;
  await handle.raw.begin(async (tx) => {
    await tx.unsafe("set local session_replication_role = replica");
    // Hire n: paid `at(n)`, B = 110.00 x (1 + n % 5), I = 90 %; in progress when n % 5 = 0, else released.
    await tx.unsafe(`
      insert into applications (id, deal_id, influencer_id, brand_id, status, text, expiration, fee_brand_percent,
        fee_influencer_percent, paid_at, released_at, paid_amount_cents)
      overriding system value
      select n, 1 + n % 20000, 1 + 2 * ((n / 20000) % (${users} / 2)), 2 + 2 * (n % 5000),
        case when n % 5 = 0 then 'PROGRESS' else 'COMPLETE' end, 'Hired', ${at("n")} + interval '60 days', 10, 10,
        ${at("n")}, case when n % 5 <> 0 then ${at("n")} + (1 + n % 9) * interval '1 day' end, 11000 * (1 + n % 5)
      from generate_series(1, ${hires}) n`);
    await tx.unsafe(`
      insert into ledger_transactions (id, kind, application_id, created_at) overriding system value
      select id, 'payment', id, paid_at from applications
      union all
      select ${hires} + id, 'release', id, released_at from applications where released_at is not null`);
    await tx.unsafe(`
      insert into ledger_entries (transaction_id, account, amount_cents, created_at)
      select id, 'external:stripe', -paid_amount_cents, paid_at from applications
      union all select id, 'escrow:' || id, paid_amount_cents, paid_at from applications
      union all select ${hires} + id, 'escrow:' || id, -paid_amount_cents, released_at
        from applications where released_at is not null
      union all select ${hires} + id, 'influencer:' || influencer_id, paid_amount_cents * 9 / 11, released_at
        from applications where released_at is not null
      union all select ${hires} + id, 'platform:fees', paid_amount_cents * 2 / 11, released_at
        from applications where released_at is not null`);
    await tx.unsafe(`
      insert into chat_messages (application_id, type, payload, created_at)
      select id, 'work_done', null::jsonb, coalesce(released_at, paid_at + interval '3 days') - (24 + id % 200) * interval '1 hour'
        from applications where released_at is not null or id % 2 = 0
      union all select id, 'work_not_done', null, paid_at + interval '1 day' from applications where id % 10 = 1
      union all select id, 'money_released', jsonb_build_object('type', 'money_released', 'automatic', id % 3 = 0),
        released_at from applications where released_at is not null`);
    await tx.unsafe(`
      insert into payouts (user_id, method, email, account_owner_name, amount_cents, status, requested_at, sent_at,
        release_date, failed_at)
      select 1 + 2 * (n % (${users} / 2)), case when n % 2 = 0 then 'paypal' else 'transferwise' end,
        'payee' || n || '@scale.test', 'Payee ' || n, 1000 + n % 9000,
        case when n % 50 = 0 then 'failed' when n % 50 = 1 then 'processing' else 'paid' end, ${at("n * 2.3")},
        case when n % 50 <> 1 or n % 100 = 1 then ${at("n * 2.3")} + interval '1 hour' end,
        case when n % 50 > 1 then ${at("n * 2.3")} + interval '1 day' end,
        case when n % 50 = 0 then ${at("n * 2.3")} + interval '2 days' end
      from generate_series(1, ${payouts}) n`);
  });
  // The summaries, by the migration's backfill (its statements after the "Backfill" comment).
  const migration = readFileSync(FIGURES_MIGRATION, "utf8");
  const backfill = migration.slice(migration.indexOf("-- Backfill")).split("--> statement-breakpoint");
  // The migration ran on the empty database (its running row is there, zero): start the summaries afresh.
  await handle.raw.unsafe("truncate platform_daily_figures, platform_running_figures, release_facts");
  for (const statement of backfill) await handle.raw.unsafe(statement);
  for (const table of ["applications", "ledger_transactions", "payouts"]) {
    await handle.raw.unsafe(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`);
  }
}
