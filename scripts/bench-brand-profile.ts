/**
 * `DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx scripts/bench-brand-profile.ts [--hires 500]
 * [--runs 200] [--keep]`: the brand profile's read (GET /api/brands/{id}, issue 40 point 2) on a brand with many hires,
 * and what keeping its figures costs a release.
 *
 * In a scratch database (migrated, dropped at the end unless --keep) it writes, set-based, one brand with a campaign
 * and `hires` paid hires of as many influencers: work done then released (a tenth automatically), a few contested, a
 * few refunded, plus 20 hires left unreleased. The brand_reliability triggers keep the brand's row as the rows go in,
 * as they do for the services; other brands' deals and hires fill the tables around it (filler). Then it prints
 * - the profile service (getBrandProfile: the brand's row and its open campaigns, two statements at once) p50/p95
 *   over `runs` calls after a warm-up, and the plan of each statement (EXPLAIN ANALYZE);
 * - the time of one release (the UPDATE of released_at, its triggers included: the dashboard's release fact, then
 *   the brand's release figures recounted over its releases) on the 20 unreleased hires, p50/p95;
 * - the load average before and after.
 */
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { getBrandProfile, systemClock } from "@market/api";
import { rowsOf, sql } from "@market/db";
import { type PostgresHandle, withScratchDatabase } from "./scratch-database";

const { values } = parseArgs({
  options: {
    hires: { type: "string", default: "500" },
    runs: { type: "string", default: "200" },
    keep: { type: "boolean", default: false },
  },
});
const HIRES = Number(values.hires);
const RUNS = Number(values.runs);
const UNRELEASED = 20;
const FILLER_HIRES = 10_000;

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");
const percentile = (times: number[], q: number) => {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};
const ms = (value: number) => `${value.toFixed(2)} ms`;

async function seed(handle: PostgresHandle): Promise<number> {
  const db = handle.db;
  const total = HIRES + UNRELEASED;
  await db.execute(sql`insert into users (kind, username, email, password_hash)
    values ('brand', 'bench_brand', 'bench_brand@bench.example', 'bench:no-login')`);
  const [brand] = rowsOf<{ id: number }>(await db.execute(sql`select id from users where username = 'bench_brand'`));
  if (!brand) throw new Error("no brand");
  await db.execute(sql`insert into brand_profiles (user_id, brand_name, about)
    values (${brand.id}, 'Bench Brand', 'We sell benches.')`);
  await db.execute(sql`
    insert into deals (user_id, title, link, category, price, description, networks, deadline, review_status,
      a_countries, a_languages, created_at)
    select ${brand.id}, 'Bench campaign ' || n, 'https://brand.example', 'sports', 'p100_250', 'A campaign',
      array['instagram'], now() + (n || ' days')::interval - interval '3 days', 'OK', array['us'], array['en'],
      now() - (n || ' days')::interval
    from generate_series(1, 30) n`);
  await db.execute(sql`
    insert into users (kind, username, email, password_hash)
    select 'influencer', 'bench_influencer_' || n, 'bench_influencer_' || n || '@bench.example', 'bench:no-login'
    from generate_series(1, ${total}) n`);
  // Paid 20 to 60 days ago, one hire per influencer on the oldest campaign.
  await db.execute(sql`
    insert into applications (deal_id, influencer_id, brand_id, status, text, expiration, paid_at, paid_amount_cents)
    select (select min(id) from deals), u.id, ${brand.id}, 'PROGRESS', 'Hired', now(),
      now() - ((20 + (u.id % 40)) || ' days')::interval, 11000
    from users u where u.kind = 'influencer'`);
  // A contest on every 25th, a work done on every one, 1 to 240 hours before the coming release.
  await db.execute(sql`
    insert into chat_messages (application_id, type, created_at)
    select a.id, 'work_not_done', a.paid_at + interval '1 hour' from applications a where a.id % 25 = 0`);
  await db.execute(sql`
    insert into chat_messages (application_id, type, created_at)
    select a.id, 'work_done', a.paid_at + interval '10 days' - ((1 + a.id % 240) || ' hours')::interval
    from applications a`);
  const released = sql`(select id from applications order by id limit ${HIRES})`;
  await db.execute(sql`
    insert into chat_messages (application_id, type, payload, created_at)
    select a.id, 'money_released', jsonb_build_object('type', 'money_released', 'automatic', a.id % 10 = 0),
      a.paid_at + interval '10 days'
    from applications a where a.id in ${released}`);
  await db.execute(sql`
    update applications set status = 'COMPLETE', released_at = paid_at + interval '10 days'
    where id in ${released} and id % 40 <> 7`);
  await db.execute(sql`update applications set status = 'DENIED', refunded_at = paid_at + interval '2 days'
    where id in ${released} and id % 40 = 7`);
  await filler(handle);
  await db.execute(sql`analyze`);
  return brand.id;
}

/**
 * Other brands' deals and released hires (100 brands, FILLER_HIRES hires and 100 deals each), so that the plans are
 * those of a marketplace rather than of one brand alone in its tables.
 */
async function filler(handle: PostgresHandle) {
  const db = handle.db;
  await db.execute(sql`insert into users (kind, username, email, password_hash)
    select 'brand', 'filler_brand_' || n, 'filler_brand_' || n || '@bench.example', 'bench:no-login'
    from generate_series(1, 100) n`);
  await db.execute(sql`
    insert into deals (user_id, title, link, category, price, description, networks, deadline, review_status,
      a_countries, a_languages, created_at)
    select u.id, 'Filler campaign ' || n, 'https://brand.example', 'sports', 'p100_250', 'A campaign',
      array['instagram'], now() + (n - 50 || ' days')::interval, 'OK', array['us'], array['en'],
      now() - (n || ' days')::interval
    from users u cross join generate_series(1, 100) n where u.username like 'filler_brand_%'`);
  await db.execute(sql`insert into users (kind, username, email, password_hash)
    select 'influencer', 'filler_influencer_' || n, 'filler_influencer_' || n || '@bench.example', 'bench:no-login'
    from generate_series(1, ${FILLER_HIRES}) n`);
  await db.execute(sql`
    insert into applications (deal_id, influencer_id, brand_id, status, text, expiration, paid_at, paid_amount_cents)
    select d.id, i.id, d.user_id, 'PROGRESS', 'Hired', now(), now() - interval '30 days', 11000
    from (select id, row_number() over (order by id) as n from users where username like 'filler_influencer_%') i
    join (select id, user_id, row_number() over (order by id) as n from deals
      where user_id in (select id from users where username like 'filler_brand_%')) d on d.n = i.n`);
  await db.execute(sql`
    insert into chat_messages (application_id, type, created_at)
    select a.id, 'work_done', a.paid_at + interval '2 days' from applications a where a.text = 'Hired'
      and a.brand_id <> (select id from users where username = 'bench_brand')`);
  await db.execute(sql`update applications set status = 'COMPLETE', released_at = paid_at + interval '5 days'
    where brand_id <> (select id from users where username = 'bench_brand')`);
}

async function explain(handle: PostgresHandle, brandId: number) {
  const statements = {
    "the brand's row": sql`select bp.brand_name, bp.about, r.* from users u
      left join brand_profiles bp on bp.user_id = u.id left join brand_reliability r on r.brand_id = u.id
      where u.id = ${brandId} and u.kind = 'brand' and not u.is_admin`,
    "its open campaigns": sql`select id, title, category, price, deadline from deals
      where user_id = ${brandId} and deleted_at is null and not paused and review_status <> 'KO' and deadline > now()
      order by created_at desc, id desc limit 20`,
    "a release's recount (trigger)": sql`select count(*), count(*) filter (where rf.automatic),
      count(rf.hours_work_done_to_release),
      percentile_cont(0.5) within group (order by rf.hours_work_done_to_release)
      from applications a join release_facts rf on rf.application_id = a.id
      where a.brand_id = ${brandId} and a.paid_at is not null`,
  };
  for (const [name, statement] of Object.entries(statements)) {
    const plan = rowsOf<{ "QUERY PLAN": string }>(
      await handle.db.execute(sql`explain (analyze, costs off, timing on) ${statement}`),
    );
    console.log(`\n${name}:\n${plan.map((row) => `  ${row["QUERY PLAN"]}`).join("\n")}`);
  }
}

await withScratchDatabase({ prefix: "bench_brand_profile", max: 4, keep: values.keep }, async (handle) => {
  console.log(`load average before: ${load()}`);
  const started = performance.now();
  const brandId = await seed(handle);
  const deps = { db: handle.db, clock: systemClock };
  const profile = await getBrandProfile(deps, brandId);
  console.log(`seeded ${HIRES + UNRELEASED} hires in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  console.log(`profile: ${profile.hires} hires, ${profile.openCampaigns.length} open campaigns, figures:`);
  for (const figure of profile.figures) console.log(`  ${figure.key}: ${figure.value} over ${figure.count}`);

  const reads: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const at = performance.now();
    await getBrandProfile(deps, brandId);
    reads.push(performance.now() - at);
  }
  console.log(
    `\nprofile read (service, ${RUNS} runs): p50 ${ms(percentile(reads, 0.5))}, p95 ${ms(percentile(reads, 0.95))}`,
  );

  const pending = rowsOf<{ id: number }>(
    await handle.db.execute(sql`select id from applications where released_at is null and refunded_at is null
      order by id desc limit ${UNRELEASED}`),
  );
  const releases: number[] = [];
  for (const { id } of pending) {
    const at = performance.now();
    await handle.db.execute(sql`update applications set status = 'COMPLETE', released_at = now() where id = ${id}`);
    releases.push(performance.now() - at);
  }
  console.log(
    `one release with its triggers (${releases.length} runs): p50 ${ms(percentile(releases, 0.5))}, p95 ${ms(percentile(releases, 0.95))}`,
  );
  await explain(handle, brandId);
  console.log(`\nload average after: ${load()}`);
});
