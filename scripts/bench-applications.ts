/**
 * `DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx scripts/bench-applications.ts [--runs 30]
 * [--plans] [--keep]`: server-side timing of the applications lists (GET /api/applications and
 * GET /api/campaigns/{id}/applications) at scale, with their plans.
 *
 * It creates a scratch database next to DATABASE_URL's (createdb), migrates it and bulk-loads, in set-based
 * statements: 20,000 influencers, 50 brands with 1,030 campaigns, 100 applicants each (103,000 applications with
 * their priced networks, and one notification per application for each party, a fifth unseen), and 50,000 brands
 * with 100,000 closed campaigns without applicants; every campaign has an image. The measured
 * brand has 5,000 applications over 50 campaigns; the measured influencer applied to every campaign (1,030).
 * Statuses: 40 % WAITING, 1 % WAITING past expiration (not yet swept), 15 % PROGRESS, 22 % COMPLETE, 22 % DENIED.
 *
 * Each list shape is called through its SERVICE (page ids, then the cards and unseen counts; with the campaign
 * for a campaign's list) `runs` times after one warm-up, at page 1 and at page 20 (the cursor of page 20 is found
 * by walking the 19 pages before; a list with fewer pages is measured at its last one). Each row gives p50/p95,
 * the load average, the sum of the "Execution Time" of EXPLAIN (ANALYZE, BUFFERS) over the page's queries (the
 * database's own work, without round trips), and whether a sequential scan of a table appeared in those plans
 * (bounded = none did). --plans prints the plans. The scratch database is dropped at the end (dropdb), even on
 * failure, unless --keep.
 */
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { listApplications, listCampaignApplications, systemClock, type Viewer } from "@market/api";
import { type ApplicationListInput, type ApplicationListResult, applicationListInput } from "@market/contracts";
import { type Db, type DbHandle, rowsOf, sql } from "@market/db";
import { drizzle } from "drizzle-orm/postgres-js";
import { withScratchDatabase } from "./scratch-database";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "30" },
    plans: { type: "boolean", default: false },
    /** Keep the scratch database (to EXPLAIN queries by hand); drop it yourself with dropdb. */
    keep: { type: "boolean", default: false },
  },
});
const RUNS = Number(values.runs);
const TARGET_P95_MS = 30;
const DEEP_PAGE = 20;
const DEALS_PER_BRAND = 50;
const OTHER_BRANDS = 49;
const OTHER_DEALS_PER_BRAND = 20;
const INFLUENCERS = 20_000;
/** Applicants per campaign besides the measured influencer, who applied to all. */
const APPLICANTS = 99;
/** Brands and campaigns without applicants: the rest of the marketplace. */
const QUIET_BRANDS = 50_000;
const QUIET_DEALS = 100_000;

type Kind = "brand" | "influencer";
interface Case {
  name: string;
  as: Kind;
  /** A campaign of the measured brand (its first). */
  campaign?: boolean;
  input: ApplicationListInput;
}

const cases: Case[] = [
  ...(["time_p", "time_m", "reach_p", "reach_m", "price_p", "price_m"] as const).map(
    (sort): Case => ({ name: `brand, all, ${sort}`, as: "brand", input: { sort } }),
  ),
  ...(["open", "waiting", "progress", "complete", "denied", "closed"] as const).map(
    (status): Case => ({ name: `brand, ${status}, time_p`, as: "brand", input: { status } }),
  ),
  { name: "brand, closed, price_p", as: "brand", input: { status: "closed", sort: "price_p" } },
  { name: "brand, query 'paris' (common city)", as: "brand", input: { query: "paris" } },
  { name: "brand, query 'canada' (country name)", as: "brand", input: { query: "canada" } },
  { name: "brand, query 'bench_inf_1234' (rare)", as: "brand", input: { query: "bench_inf_1234" } },
  {
    name: "brand, query 'paris', waiting, reach_p",
    as: "brand",
    input: { query: "paris", status: "waiting", sort: "reach_p" },
  },
  { name: "campaign, all, time_p", as: "brand", campaign: true, input: {} },
  { name: "campaign, all, reach_p", as: "brand", campaign: true, input: { sort: "reach_p" } },
  { name: "campaign, waiting, price_m", as: "brand", campaign: true, input: { status: "waiting", sort: "price_m" } },
  { name: "campaign, query 'tokyo'", as: "brand", campaign: true, input: { query: "tokyo" } },
  { name: "influencer, all, notif", as: "influencer", input: {} },
  { name: "influencer, all, time_p", as: "influencer", input: { sort: "time_p" } },
  { name: "influencer, all, time_m", as: "influencer", input: { sort: "time_m" } },
  { name: "influencer, open, notif", as: "influencer", input: { status: "open" } },
  { name: "influencer, denied, time_p", as: "influencer", input: { status: "denied", sort: "time_p" } },
  { name: "influencer, query 'summer'", as: "influencer", input: { query: "summer", sort: "time_p" } },
  { name: "influencer, query 'brand 7' (author)", as: "influencer", input: { query: "brand 7" } },
];

function percentile(times: number[], q: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

/** A constant of the load, inlined: generate_series and array subscripts need its type known. */
const int = (n: number) => sql.raw(String(Math.trunc(n)));

async function load(db: Db) {
  await db.execute(sql`
    insert into users (kind, username, email, password_hash)
    select 'brand', 'bench_brand_' || n, 'bench_brand_' || n || '@bench.example', 'bench:no-login'
    from generate_series(1, ${int(OTHER_BRANDS + 1)}) n`);
  await db.execute(sql`
    insert into brand_profiles (user_id, brand_name)
    select id, 'Bench Brand ' || substr(username, 13) from users where kind = 'brand'`);
  await db.execute(sql`
    insert into users (kind, username, email, password_hash)
    select 'influencer', 'bench_inf_' || n, 'bench_inf_' || n || '@bench.example', 'bench:no-login'
    from generate_series(0, ${int(INFLUENCERS - 1)}) n`);
  await db.execute(sql`
    insert into influencer_profiles (user_id, city, country, search_text)
    select id, place.city, place.country, lower(username || ' ' || place.city || ' ' || place.country)
    from users
    cross join lateral (select
      (array['Paris', 'Montreal', 'Austin', 'Berlin', 'Madrid', 'Tokyo', 'Lagos', 'Lima'])[1 + id % 8] as city,
      (array['fr', 'ca', 'us', 'de', 'es', 'jp', 'ng', 'pe'])[1 + id % 8] as country) place
    where kind = 'influencer'`);
  // The measured brand (bench_brand_1) has 50 campaigns, the others 20 each.
  await db.execute(sql`
    insert into deals (user_id, title, link, category, price, description, networks, deadline, review_status,
      a_about, a_countries, a_languages, created_at, updated_at)
    select b.id,
      (array['Summer', 'Winter', 'Launch', 'Holiday', 'Spring', 'Autumn'])[1 + (b.id * 31 + n * 7) % 6] || ' campaign ' || b.id || '-' || n,
      'https://brand.example/' || n, 'beauty', 'p100_250', 'Description', array['instagram', 'youtube', 'twitter'],
      now() + interval '60 days', 'OK', 'Audience', array['all'], array['en'],
      now() - interval '200 days', now() - interval '200 days'
    from users b
    cross join generate_series(1, case when b.username = 'bench_brand_1' then ${int(DEALS_PER_BRAND)} else ${int(OTHER_DEALS_PER_BRAND)} end) n
    where b.kind = 'brand'`);
  // 99 distinct applicants per campaign, then the measured influencer (bench_inf_0) on every campaign.
  await db.execute(sql`
    with d as (select id, user_id, row_number() over (order by id) as k from deals),
      i as (select array_agg(id order by id) as ids from users where kind = 'influencer'),
      picked as (
        select d.id as deal_id, d.user_id as brand_id, i.ids[2 + ((d.k * 131 + j * 197) % ${int(INFLUENCERS - 1)})] as influencer_id,
          ((d.k * 100 + j) * 2654435761) % 100 as h, ((d.k * 100 + j) * 40503) % 31536000 as ago
        from d cross join i cross join generate_series(0, ${int(APPLICANTS - 1)}) j
        union all
        select d.id, d.user_id, i.ids[1], (d.k * 37) % 100, (d.k * 7919) % 31536000 from d cross join i)
    insert into applications (deal_id, influencer_id, brand_id, status, text, expiration, denied_reason,
      fee_brand_percent, fee_influencer_percent, paid_amount_cents, created_at, updated_at)
    select deal_id, influencer_id, brand_id,
      case when h < 41 then 'WAITING' when h < 56 then 'PROGRESS' when h < 78 then 'COMPLETE' else 'DENIED' end,
      'Hello, here is my proposal.',
      case when h = 40 then now() - interval '1 hour' else now() + interval '30 days' end,
      case when h >= 78 then (array['NO_REASON', 'PRICE_TOO_HIGH', 'BAD_AUDIENCE', 'EXPIRED'])[1 + h % 4] end,
      case when h between 41 and 77 then 10 end, case when h between 41 and 77 then 10 end,
      case when h between 41 and 77 then 11000 else 0 end,
      now() - (ago + 86400) * interval '1 second',
      -- microseconds apart, as real writes are
      now() - ago * interval '1 second' - (h * 7) * interval '1 microsecond'
    from picked`);
  await db.execute(sql`
    insert into application_prices (application_id, network_type, price_cents, creation_days, reach)
    select a.id, (array['instagram', 'youtube', 'twitter'])[t], 2500 + ((a.id * 7 + t * 13) % 200) * 100, 3,
      2000 + ((a.id * 7919 + t * 104729) % 500000)
    from applications a cross join lateral generate_series(1, 1 + a.id % 3) t`);
  await db.execute(sql`
    update applications a set total_reach = p.reach, total_price_cents = p.price
    from (select application_id, sum(reach)::bigint as reach, sum(price_cents)::bigint as price
          from application_prices group by application_id) p
    where a.id = p.application_id`);
  // One notification per application for each party; a fifth unseen.
  await db.execute(sql`
    insert into notifications (user_id, type, application_id, deal_id, created_at, seen_at)
    select party, 'message', a.id, a.deal_id, a.updated_at,
      case when (a.id + party) % 5 <> 0 then a.updated_at + interval '1 hour' end
    from applications a cross join lateral (values (a.brand_id), (a.influencer_id)) p(party)`);
  // The rest of the marketplace, so that every table the lists join is large enough for the planner to reach it
  // through its indexes, as it would in production: 50,000 more brands with 100,000 campaigns nobody applied to.
  await db.execute(sql`
    insert into users (kind, username, email, password_hash)
    select 'brand', 'bench_quiet_' || n, 'bench_quiet_' || n || '@bench.example', 'bench:no-login'
    from generate_series(1, ${int(QUIET_BRANDS)}) n`);
  await db.execute(sql`
    insert into brand_profiles (user_id, brand_name)
    select id, 'Quiet Brand ' || substr(username, 13) from users where username like 'bench!_quiet!_%' escape '!'`);
  await db.execute(sql`
    insert into deals (user_id, title, link, category, price, description, networks, deadline, review_status,
      a_about, a_countries, a_languages, created_at, updated_at)
    select q.ids[1 + n % ${int(QUIET_BRANDS)}], 'Quiet campaign ' || n, 'https://brand.example/q' || n, 'home',
      'p25_100', 'Description', array['blog'], now() - interval '10 days', 'OK', 'Audience', array['all'],
      array['en'], now() - interval '300 days', now() - interval '300 days'
    from generate_series(1, ${int(QUIET_DEALS)}) n
    cross join (select array_agg(id order by id) as ids from users where username like 'bench!_quiet!_%' escape '!') q`);
  await db.execute(sql`
    insert into files (owner_id, purpose, storage_key, original_name, content_type, size_bytes, sha256)
    select user_id, 'deal_image', 'bench/deal-' || id, 'image.png', 'image/png', 1000, 'bench' from deals`);
  await db.execute(sql`
    insert into deal_images (deal_id, file_id, position)
    select d.id, f.id, 0 from deals d join files f on f.storage_key = 'bench/deal-' || d.id`);
  await db.execute(sql`vacuum analyze`);
}

/** A drizzle instance over the same pool that records every query, to EXPLAIN them afterwards. */
function recordingDb(handle: Extract<DbHandle, { kind: "postgres" }>) {
  const recorded: { query: string; params: unknown[] }[] = [];
  const db = drizzle({
    client: handle.raw,
    logger: { logQuery: (query, params) => recorded.push({ query, params }) },
  }) as unknown as Db;
  return { db, recorded };
}

/** Tables a sequential scan of which would grow with the marketplace. */
const GROWING =
  /Seq Scan on (applications|application_prices|notifications|users|influencer_profiles|deals|brand_profiles)\b/;

/** The sum of the plans' "Execution Time": the database's own work for a page, without round trips. */
function executionMs(plans: string[]): number {
  return plans.reduce((sum, plan) => sum + Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? 0), 0);
}

async function main() {
  await withScratchDatabase({ prefix: "market_bench_applications", max: 4, keep: values.keep }, async (handle) => {
    const loadStarted = performance.now();
    await load(handle.db);
    const [who] = rowsOf<{ brand: number; influencer: number; campaign: number; total: number; mine: number }>(
      await handle.db.execute(sql`select
        (select id from users where username = 'bench_brand_1') as brand,
        (select id from users where username = 'bench_inf_0') as influencer,
        (select min(d.id) from deals d join users u on u.id = d.user_id where u.username = 'bench_brand_1') as campaign,
        (select count(*)::int from applications) as total,
        (select count(*)::int from applications a join users u on u.id = a.brand_id where u.username = 'bench_brand_1') as mine`),
    );
    if (!who) throw new Error("nothing loaded");
    console.log(
      `applications: ${who.total} rows, ${who.mine} of the measured brand over ${DEALS_PER_BRAND} campaigns; loaded in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s; ${RUNS} runs per case and page\n`,
    );
    const viewers: Record<Kind, Viewer> = {
      brand: { sessionId: "bench", userId: who.brand, kind: "brand", username: "bench_brand_1", impersonatorId: null },
      influencer: {
        sessionId: "bench",
        userId: who.influencer,
        kind: "influencer",
        username: "bench_inf_0",
        impersonatorId: null,
      },
    };
    const call = (db: Db, testCase: Case, cursor: string | undefined): Promise<ApplicationListResult> => {
      const filters = applicationListInput.parse({ ...testCase.input, ...(cursor ? { cursor } : {}) });
      const deps = { db, clock: systemClock };
      return testCase.campaign
        ? listCampaignApplications(deps, viewers[testCase.as], { ...filters, id: who.campaign })
        : listApplications(deps, viewers[testCase.as], filters);
    };
    const time = async (testCase: Case, cursor: string | undefined) => {
      await call(handle?.db as Db, testCase, cursor); // warm-up
      const times: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const started = performance.now();
        await call(handle?.db as Db, testCase, cursor);
        times.push(performance.now() - started);
      }
      return { p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
    };
    const recorder = recordingDb(handle);
    const plansOf = async (testCase: Case, cursor: string | undefined) => {
      recorder.recorded.length = 0;
      await call(recorder.db, testCase, cursor);
      const plans: string[] = [];
      for (const { query, params } of recorder.recorded) {
        const rows = await (handle as Extract<DbHandle, { kind: "postgres" }>).raw.unsafe(
          `explain (analyze, buffers) ${query}`,
          params as never[],
        );
        plans.push(`${query}\n${rows.map((row) => row["QUERY PLAN"]).join("\n")}`);
      }
      return plans;
    };

    const report: string[] = [];
    console.log(
      "| case | rows | page 1 p50 / p95 | page N | page N p50 / p95 | N / 1 (p95) | SQL execution page 1 / N | bounded | load avg |",
    );
    console.log("|---|---|---|---|---|---|---|---|---|");
    for (const testCase of cases) {
      // The cursor of the deep page, by walking the pages before it.
      let cursor: string | undefined;
      let page = 1;
      let deepCursor: string | undefined;
      let rows = 0;
      for (; page <= DEEP_PAGE; page += 1) {
        const answer = await call(handle.db, testCase, cursor);
        rows += answer.applications.length;
        deepCursor = cursor;
        if (!answer.nextCursor) break;
        cursor = answer.nextCursor;
      }
      const deepPage = Math.min(page, DEEP_PAGE);
      const first = await time(testCase, undefined);
      const deep = await time(testCase, deepCursor);
      const firstPlans = await plansOf(testCase, undefined);
      const deepPlans = await plansOf(testCase, deepCursor);
      const plans = [...firstPlans, ...deepPlans];
      const bounded = plans.every((plan) => !GROWING.test(plan));
      const load1 = loadavg()[0]?.toFixed(2);
      console.log(
        `| ${testCase.name} | ${rows}${page > DEEP_PAGE ? "+" : ""} | ${first.p50.toFixed(1)} / ${first.p95.toFixed(1)} ms${first.p95 < TARGET_P95_MS ? "" : " (SLOW)"} | ${deepPage} | ${deep.p50.toFixed(1)} / ${deep.p95.toFixed(1)} ms | ${(deep.p95 / first.p95).toFixed(2)}${deep.p95 <= 1.5 * first.p95 ? "" : " (OVER 1.5)"} | ${executionMs(firstPlans).toFixed(2)} / ${executionMs(deepPlans).toFixed(2)} ms | ${bounded ? "yes" : "NO"} | ${load1} |`,
      );
      report.push(`### ${testCase.name}: page 1, then page ${deepPage}\n\n${plans.join("\n\n")}`);
    }
    if (values.plans) console.log(`\n${report.join("\n\n")}`);
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
