/**
 * `DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx scripts/report-plans.ts [--hires 500]
 * [--others 20000] [--applicants 5000] [--runs 20] [--keep]`: the campaign report's statements at a brand with 500
 * hires (issue 40: "the report's query times on a brand with 500 hires").
 *
 * It creates a scratch database (scratch-database.ts), migrates it and writes, with the triggers off as a restore
 * would: the measured brand (user 1) with 10 campaigns, `hires` paid hires over the last year (60 % of them on
 * campaign 1, which also has `applicants` proposals never paid), each with two hired networks, a delivery (one in ten
 * delivered twice), two posts and three statistics snapshots each; and 199 other brands sharing `others` hires the
 * same way, so that every statement must find the brand's rows among others. Then it ANALYZEs, prints EXPLAIN
 * (ANALYZE, BUFFERS) of the report's two statements (the hires; the posts' readings) for one campaign and for the
 * brand's last 30 and 365 days (without JIT, as the service runs them), warning on a sequential scan, and times the services end to end (`runs` runs each:
 * median and slowest) beside the load average.
 */
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { campaignReport, hiresQuery, periodReport, postReadingsStatement, type ReportHires } from "@market/api";
import * as schema from "@market/db";
import { PgDialect } from "drizzle-orm/pg-core";
import { drizzle } from "drizzle-orm/postgres-js";
import { type PostgresHandle, withScratchDatabase } from "./scratch-database";

const { values } = parseArgs({
  options: {
    hires: { type: "string", default: "500" },
    others: { type: "string", default: "20000" },
    applicants: { type: "string", default: "5000" },
    runs: { type: "string", default: "20" },
    keep: { type: "boolean", default: false },
  },
});
const HIRES = Number(values.hires);
const OTHERS = Number(values.others);
const APPLICANTS = Number(values.applicants);
const RUNS = Number(values.runs);
const BRANDS = 200;
/** Enough that no campaign has two proposals of one influencer (applications_deal_influencer_key). */
const INFLUENCERS = 6000;
const NOW = new Date("2026-12-01T00:00:00Z");

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");

async function fill(handle: PostgresHandle) {
  const end = NOW.toISOString();
  await handle.raw.begin(async (tx) => {
    await tx.unsafe("set local session_replication_role = replica");
    await tx.unsafe(`
      insert into users (id, kind, username, email, password_hash) overriding system value
      select n, case when n <= ${BRANDS} then 'brand' else 'influencer' end, 'user' || n, 'user' || n || '@scale.test', 'x'
      from generate_series(1, ${BRANDS + INFLUENCERS}) n`);
    // Campaign c belongs to brand 1 + (c - 1) / 10: the measured brand has campaigns 1 to 10.
    await tx.unsafe(`
      insert into deals (id, user_id, title, link, category, price, description, networks, deadline)
      overriding system value
      select c, 1 + (c - 1) / 10, 'Campaign ' || c, 'https://brand.example', 'apps', 'p25_100', 'Scale',
        array['instagram', 'youtube'], timestamptz '${end}' + interval '60 days'
      from generate_series(1, ${BRANDS * 10}) c`);
    // Hire n: the measured brand's first (n <= HIRES; 60 % on campaign 1), then the others', paid over the year.
    const total = HIRES + OTHERS;
    await tx.unsafe(`
      insert into applications (id, deal_id, influencer_id, brand_id, status, text, expiration, fee_brand_percent,
        fee_influencer_percent, paid_at, paid_amount_cents, refunded_at)
      overriding system value
      select n,
        case when n <= ${HIRES} then (case when n % 10 < 6 then 1 else 1 + n % 10 end)
          else 11 + n % ${BRANDS * 10 - 10} end,
        case when n <= ${HIRES} then ${BRANDS} + n else ${BRANDS} + 1 + n % ${INFLUENCERS} end,
        case when n <= ${HIRES} then 1 else 1 + (10 + n % ${BRANDS * 10 - 10}) / 10 end,
        'PROGRESS', 'Hired', timestamptz '${end}', 10, 10,
        timestamptz '${end}' - (n % 365) * interval '1 day' - (n % 24) * interval '1 hour',
        11000 + 100 * (n % 50),
        case when n % 40 = 0 then timestamptz '${end}' - (n % 365) * interval '1 day' + interval '2 days' end
      from generate_series(1, ${total}) n`);
    await tx.unsafe(`
      insert into applications (id, deal_id, influencer_id, brand_id, status, text, expiration)
      overriding system value
      select ${total} + n, 1, ${BRANDS} + ${HIRES} + n, 1, 'WAITING', 'Never paid', timestamptz '${end}'
      from generate_series(1, ${APPLICANTS}) n`);
    await tx.unsafe(`
      insert into application_prices (application_id, network_type, price_cents, creation_days, hired)
      select id, network, case when network = 'instagram' then 4000 else 6000 end, 3, true
      from applications, unnest(array['instagram', 'youtube']) network where paid_at is not null`);
    // One delivery each, a second (the current one) for one hire in ten.
    await tx.unsafe(`
      insert into deliveries (application_id, user_id, delivered_at)
      select id, influencer_id, paid_at + interval '2 days' from applications where paid_at is not null
      union all
      select id, influencer_id, paid_at + interval '4 days' from applications where paid_at is not null and id % 10 = 0`);
    await tx.unsafe(`
      insert into delivered_posts (delivery_id, network_type, url, check_state, views, likes, comments)
      select d.id, network, 'https://example.com/' || d.id || '/' || network, 'verified', 9000, 400, 30
      from deliveries d, unnest(array['instagram', 'youtube']) network`);
    await tx.unsafe(`
      insert into post_statistics_snapshots (delivered_post_id, kind, taken_at, views, likes, comments)
      select p.id, kind, d.delivered_at + offset_days * interval '1 day', 3000 * (k + 1), 130 * (k + 1), 10 * (k + 1)
      from delivered_posts p join deliveries d on d.id = p.delivery_id,
        unnest(array['initial', 'day1', 'day7'], array[0, 1, 7], array[0, 1, 2]) as r(kind, offset_days, k)`);
  });
  for (const table of ["users", "deals", "applications", "deliveries", "delivered_posts"]) {
    await handle.raw.unsafe(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`);
  }
  await handle.raw.unsafe("vacuum analyze");
}

async function explain(handle: PostgresHandle, db: schema.Db, name: string, scope: ReportHires) {
  const dialect = new PgDialect();
  const statements = [
    ["hires", hiresQuery(db, scope).toSQL()],
    ["posts' readings", dialect.sqlToQuery(postReadingsStatement(scope))],
  ] as const;
  for (const [part, { sql: text, params }] of statements) {
    // As the service runs them (readReportRows): without JIT.
    const plan = await handle.raw.begin(async (tx) => {
      await tx.unsafe("set local jit = off");
      const rows = await tx.unsafe(`explain (analyze, buffers) ${text}`, params as never[]);
      return rows.map((row) => row["QUERY PLAN"] as string);
    });
    const time = plan.find((line) => line.startsWith("Execution Time"));
    const seq = plan.some((line) => /Seq Scan on (applications|deliveries|delivered_posts|post_statistics)/.test(line));
    console.log(`\n== ${name}, ${part}: ${time} (load average ${load()})${seq ? " [SEQUENTIAL SCAN]" : ""}`);
    for (const line of plan) console.log(`   ${line}`);
  }
}

async function time(name: string, run: () => Promise<unknown>) {
  await run();
  const times: number[] = [];
  for (let index = 0; index < RUNS; index += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? 0;
  console.log(
    `${name}: median ${median.toFixed(1)} ms, slowest ${(times.at(-1) ?? 0).toFixed(1)} ms over ${RUNS} runs ` +
      `(load average ${load()})`,
  );
}

await withScratchDatabase({ prefix: "report_plans", max: 4, keep: values.keep }, async (handle) => {
  const started = performance.now();
  await fill(handle);
  console.log(
    `filled: brand 1 with ${HIRES} hires (${APPLICANTS} more proposals on campaign 1), ${OTHERS} other hires, ` +
      `in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const db = drizzle(handle.raw, { schema }) as unknown as schema.Db;
  const day = 86_400_000;
  const year = { brandId: 1, start: new Date(NOW.getTime() - 365 * day), end: NOW };
  const month = { brandId: 1, start: new Date(NOW.getTime() - 30 * day), end: NOW };
  await explain(handle, db, "campaign 1", { dealId: 1 });
  await explain(handle, db, "brand 1, 365 days", year);
  await explain(handle, db, "brand 1, 30 days", month);

  console.log("\nThe services end to end (statements, then the figures built in the process):");
  const viewer = { sessionId: "bench", userId: 1, kind: "brand" as const, username: "user1", impersonatorId: null };
  const clock = { now: () => NOW };
  await time("campaign 1 report", () => campaignReport({ db }, viewer, { id: 1 }));
  await time("brand 1 report, 365 days", () =>
    periodReport({ db, clock }, viewer, { from: "2025-12-02", to: "2026-11-30" }),
  );
  await time("brand 1 report, 30 days", () => periodReport({ db, clock }, viewer, {}));
});
