/**
 * `DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx scripts/bench-deal-search.ts [--deals 200000]
 * [--runs 30]`: server-side timing of the influencers' deal search (POST /api/deals/search) at scale.
 *
 * It creates a scratch database next to DATABASE_URL's (createdb), migrates it, bulk-inserts the deals with
 * one set-based INSERT ... SELECT generate_series (a few brands; creation over the past year, deadlines from
 * 2 months before to 4 months after now, so about half are closed; 10 % paused, 5 % rejected, 3 % deleted),
 * ANALYZEs it, then calls the search SERVICE (searchDeals: the grouped category counts, the page with the
 * brand's name, the first images) `runs` times per case after one warm-up, prints p50/p95, and drops the
 * scratch database at the end (dropdb), even on failure, unless --keep.
 *
 * Each case runs twice: counting every time (no SearchCache, as in the tests), then as the server runs it,
 * with its instance's counts cache (a few seconds' TTL, so back-to-back runs of one case count once or so).
 */
import { parseArgs } from "node:util";
import { createSearchCache, searchDeals, systemClock } from "@market/api";
import { type DealSearchInput, dealSearchInput } from "@market/contracts";
import { type DbHandle, rowsOf, sql, sweepClosedSearchDocs } from "@market/db";
import { withScratchDatabase } from "./scratch-database";

const { values } = parseArgs({
  options: {
    deals: { type: "string", default: "200000" },
    runs: { type: "string", default: "30" },
    /** Keep the scratch database (to EXPLAIN queries by hand); drop it yourself with dropdb. */
    keep: { type: "boolean", default: false },
  },
});
const DEALS = Number(values.deals);
const RUNS = Number(values.runs);
const TARGET_P95_MS = 30;

const cases: { name: string; input: DealSearchInput }[] = [
  { name: "sort time_p", input: { sort: "time_p" } },
  { name: "sort time_m", input: { sort: "time_m" } },
  { name: "sort remaining_p", input: { sort: "remaining_p" } },
  { name: "sort remaining_m", input: { sort: "remaining_m" } },
  { name: "sort time_p, page 50", input: { sort: "time_p", page: 50 } },
  { name: "category sports", input: { categories: ["sports"] } },
  { name: "network youtube", input: { networks: ["youtube"] } },
  { name: "prices 100-500", input: { prices: ["p100_250", "p250_500"] } },
  { name: "extras discount", input: { extras: ["discount"] } },
  { name: "country us", input: { countries: ["us"] } },
  { name: "query 'summer'", input: { query: "summer" } },
  { name: "query brand 'brand 3'", input: { query: "bench brand 3" } },
  { name: "query rare 'campaign 12345'", input: { query: "campaign 12345" } },
  { name: "query 'summer' + youtube", input: { query: "summer", networks: ["youtube"] } },
  { name: "query brand 'brand 3' + sports", input: { query: "bench brand 3", categories: ["sports"] } },
  { name: "query 'campaign 1' (brand-free, common)", input: { query: "campaign 1" } },
  {
    name: "sports+youtube+us, remaining_m",
    input: { categories: ["sports"], networks: ["youtube"], countries: ["us"], sort: "remaining_m" },
  },
  {
    name: "beauty+instagram+p25_100+discount",
    input: { categories: ["beauty"], networks: ["instagram"], prices: ["p25_100"], extras: ["discount"] },
  },
];

function percentile(times: number[], q: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

async function load(handle: DbHandle) {
  const db = handle.db;
  await db.execute(sql`
    insert into users (kind, username, email, password_hash)
    select 'brand', 'bench_brand_' || n, 'bench_brand_' || n || '@bench.example', 'bench:no-login'
    from generate_series(1, 5) n`);
  await db.execute(sql`
    insert into brand_profiles (user_id, brand_name)
    select id, 'Bench Brand ' || substr(username, 13) from users where kind = 'brand'`);
  // Each brand's reliability figures (issue 40), as the triggers keep them: every card joins its brand's row.
  await db.execute(sql`
    insert into brand_reliability (brand_id, hires, hires_contested, hires_refunded, releases, releases_automatic,
      timed_releases, median_release_hours)
    select id, 40, 2, 1, 36, 9, 35, 30.5 from users where kind = 'brand'`);
  await db.execute(sql`
    insert into deals (user_id, title, link, category, price, description, networks, deadline, paused,
      review_status, a_about, a_countries, a_languages, extras, created_at, updated_at, deleted_at)
    select
      b.ids[1 + n % 5],
      (array['Summer', 'Winter', 'Launch', 'Holiday', 'Spring', 'Autumn'])[1 + (n * 7) % 6] || ' campaign ' || n,
      'https://brand.example/' || n,
      (array['apps','automotive','baby','beauty','books','clothing','electronics','events','grocery','health','home',
        'jewelry','kitchen','lifestyle','music','office','pet','shoes','sports','toys','videogames'])[1 + (n * 13) % 21],
      (array['p25_100','p100_250','p250_500','p500_1000','p1000_2500','p2500_5000','p5000_10000','p10000'])[1 + (n * 3) % 8],
      'Description of campaign ' || n || ' with a few words about the product and the audience',
      case n % 4
        when 0 then array['instagram']
        when 1 then array['youtube', 'instagram']
        when 2 then array['twitter', 'facebook']
        else array['youtube', 'tumblr', 'blog'] end,
      c.created + ((n * 37) % 180) * interval '1 day',
      n % 10 = 0,
      case when n % 20 = 1 then 'KO' when n % 3 = 0 then 'NONE' else 'OK' end,
      'Audience',
      case n % 5 when 0 then array['all'] when 1 then array['us', 'ca'] when 2 then array['gb'] when 3 then array['fr', 'de']
        else array['us'] end,
      array['en'],
      case n % 6 when 0 then array['discount'] when 1 then array['giveaway', 'free'] when 2 then array['free']
        else array[]::text[] end,
      c.created,
      c.created,
      case when n % 33 = 2 then now() end
    from generate_series(1, ${DEALS}) n
    cross join (select array_agg(id order by id) as ids from users where kind = 'brand') b
    cross join lateral (select now() - interval '240 days' + (n::float8 / ${DEALS}) * interval '240 days'
      - (n % 97) * interval '1 minute' as created) c`);
  // The server sweeps the keyword search's docs of closed deals every 10 minutes, and in production docs come and
  // go a few at a time, their space reused: the docs table holds about the open deals, compactly. Loading a year of
  // deals in one statement leaves the swept docs' space behind instead, hence the VACUUM FULL (the steady state).
  await sweepClosedSearchDocs(db);
  await db.execute(sql`vacuum full analyze deal_search_docs`);
  await db.execute(sql`vacuum analyze deals`);
}

async function main() {
  await withScratchDatabase({ prefix: "market_bench_deals", max: 2, keep: values.keep }, async (handle) => {
    const loadStarted = performance.now();
    await load(handle);
    const [stats] = rowsOf<{ total: number; open: number; docs: number }>(
      await handle.db.execute(sql`
        select count(*)::int as total,
          (count(*) filter (where deleted_at is null and not paused and review_status <> 'KO' and deadline > now()))::int as open,
          (select count(*)::int from deal_search_docs) as docs
        from deals`),
    );
    console.log(
      `deals: ${stats?.total} rows (${stats?.open} listable, ${stats?.docs} keyword search docs), loaded in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s; ${RUNS} runs per case\n`,
    );
    console.log("| case | counted p50 | counted p95 | cached p50 | cached p95 | count | cached within target |");
    console.log("|---|---|---|---|---|---|---|");
    const counted = { db: handle.db, clock: systemClock };
    const cached = { ...counted, searchCounts: createSearchCache({ clock: systemClock }) };
    const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
    for (const testCase of cases) {
      const input = dealSearchInput.parse(testCase.input);
      let found = 0;
      const time = async (deps: typeof counted) => {
        found = (await searchDeals(deps, input)).count; // warm-up
        const times: number[] = [];
        for (let run = 0; run < RUNS; run += 1) {
          const started = performance.now();
          found = (await searchDeals(deps, input)).count;
          times.push(performance.now() - started);
        }
        return { p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
      };
      const plain = await time(counted);
      const fast = await time(cached);
      console.log(
        `| ${testCase.name} | ${fmt(plain.p50)} | ${fmt(plain.p95)} | ${fmt(fast.p50)} | ${fmt(fast.p95)} | ${found} | ${fast.p95 < TARGET_P95_MS ? "yes" : "NO"} |`,
      );
    }
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
