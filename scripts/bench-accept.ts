/**
 * `DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx scripts/bench-accept.ts [--applications 2000]
 * [--concurrency 4]`: the checkout's money path at load (issue 13's target: 500 accept+release operations per second
 * with p95 under 20 ms).
 *
 * It creates a scratch database next to DATABASE_URL's (createdb), migrates it, bulk-inserts `applications` WAITING
 * proposals (one brand and one influencer each, instagram priced $1,250 and youtube $799), tokenizes a sandbox 4242
 * card for each (the browser's card form, outside the timing), ANALYZEs, then with `concurrency` workers accepts each
 * application (both networks ticked, paid with the sandbox) and releases it, through the services as the procedures
 * call them. It prints operations per second, p50/p95/p99 of accept and of release, the load average beside them, and
 * the plan of every query one accept and one release send (EXPLAIN, so nothing runs twice), flagging sequential scans.
 * The scratch database is dropped (dropdb), even on failure, unless --keep. It also prints the CPU one accept and
 * its release cost in Node and in PostgreSQL's backends (from /proc): throughput and latency follow whatever else
 * the machine runs, that figure much less.
 *
 * Concurrency (default 4): on the 2-core machine this runs on, Node (query building, the protocol) and PostgreSQL
 * each keep about one core busy, and a worker spends part of each hire waiting on a commit's WAL flush. 4 workers
 * keep both busy; more mostly queue behind them (latency grows with the workers, Little's law), fewer leave a core
 * idle between round trips. Measured at load ~20 (other sessions' tests on the same 2 cores), 1,500 hires: 2
 * workers 32 op/s, accept p95 189 ms; 4 workers 78 op/s, p95 120 ms; 8 workers 102 op/s, p95 166 ms (on a shared
 * machine more workers also mean more backends in the scheduler's queue, hence a larger share of the cores). The
 * CPU of a hire is what bounds it: at most about 4,000 / that many ms operations per second on two idle cores.
 *
 * On an idle machine (load average under 2, the bench's own two processes), 2,000 applications, 4 workers: 481,
 * 563 and 595 operations per second in three runs, accept p95 16.3, 14.5 and 13.7 ms, release p95 9.2, 8.0 and
 * 7.1 ms, 4.9 to 5.9 ms of CPU a hire (2.9-3.5 in Node, 1.9-2.5 in PostgreSQL). Before the warm-up gave the
 * tables a history, PostgreSQL's share was 3.9 ms at 2,000 applications and 5.5 ms at 4,000 (it grew with the
 * run: a quarter of it went to sequential scans of the ledger behind cached plans), and the same idle machine
 * measured 398 operations per second.
 */
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { accept, release, sandboxGateway, systemClock, type Viewer } from "@market/api";
import { brandTotalCents, DEFAULT_FEE_PERCENT, SANDBOX_TEST_CARDS } from "@market/contracts";
import * as dbModule from "@market/db";
import { type Db, rowsOf, sql } from "@market/db";
import { drizzle } from "drizzle-orm/postgres-js";
import { type PostgresHandle, withScratchDatabase } from "./scratch-database";

const { values } = parseArgs({
  options: {
    applications: { type: "string", default: "2000" },
    concurrency: { type: "string", default: "4" },
    /** Keep the scratch database (to EXPLAIN queries by hand); drop it yourself with dropdb. */
    keep: { type: "boolean", default: false },
  },
});
const APPLICATIONS = Number(values.applications);
const CONCURRENCY = Number(values.concurrency);
const TARGET_OPS_PER_SECOND = 500;
const TARGET_P95_MS = 20;
const PRICES = { instagram: 1_250, youtube: 799 };

function percentile(times: number[], q: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

/** Brand, influencer, deal and WAITING application n, for n in 1..count, priced on two networks. */
async function load(db: Db, count: number): Promise<void> {
  await db.execute(sql`
    insert into users (kind, username, email, password_hash)
    select kind, 'bench_' || kind || '_' || n, 'bench_' || kind || '_' || n || '@bench.example', 'bench:no-login'
    from generate_series(1, ${count}::int) n cross join (values ('brand'), ('influencer')) k(kind)`);
  await db.execute(sql`insert into brand_profiles (user_id, brand_name)
    select id, 'Bench ' || id from users where kind = 'brand'`);
  await db.execute(sql`insert into influencer_profiles (user_id) select id from users where kind = 'influencer'`);
  await db.execute(sql`
    insert into networks (user_id, type, title, identifier, followers, is_verified)
    select u.id, t.type, u.username || ' on ' || t.type, u.username || '-' || t.type, 10000, true
    from users u cross join (values ('instagram'), ('youtube')) t(type) where u.kind = 'influencer'`);
  await db.execute(sql`
    insert into deals (user_id, title, link, category, price, description, networks, deadline)
    select id, 'Bench deal', 'https://brand.example', 'sports', 'p100_250', 'Bench', array['instagram', 'youtube'],
      now() + interval '60 days'
    from users where kind = 'brand' order by id`);
  await db.execute(sql`
    insert into applications (deal_id, influencer_id, brand_id, text, expiration)
    select d.id, i.id, d.user_id, 'Bench proposal', now() + interval '30 days'
    from (select id, user_id, row_number() over (order by id) n from deals) d
    join (select id, row_number() over (order by id) n from users where kind = 'influencer') i using (n)`);
  await db.execute(sql`
    insert into application_prices (application_id, network_type, network_id, price_cents, creation_days, reach)
    select a.id, n.type, n.id, case n.type when 'instagram' then ${PRICES.instagram * 100}::int else ${PRICES.youtube * 100}::int end,
      3, n.followers
    from applications a join networks n on n.user_id = a.influencer_id`);
  await db.execute(sql`update applications a set total_reach = p.reach, total_price_cents = p.price
    from (select application_id, sum(reach) reach, sum(price_cents) price from application_prices group by 1) p
    where p.application_id = a.id`);
}

/** Runs `work` over `items` with `concurrency` workers; resolves when all are done. */
async function pool<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

interface Recording {
  queries: { sql: string; params: unknown[] }[];
  /** Groups of queries sent together (in one tick, so pipelined on their connection): each waits one round trip. */
  batches: number;
  transactions: number;
  /** Writes sent outside any transaction: each commits on its own. */
  autocommitWrites: number;
}

/**
 * A drizzle instance over the same connections that records every query and transaction it sends (for one hire at
 * a time: whether a query runs inside a transaction is read from a counter, not per connection).
 */
function recordingDb(handle: PostgresHandle, recording: Recording): Db {
  let open = 0;
  let batching = false;
  const db = drizzle({
    client: handle.raw,
    schema: dbModule,
    logger: {
      logQuery: (query, params) => {
        recording.queries.push({ sql: query, params });
        if (!batching) {
          batching = true;
          recording.batches += 1;
          setImmediate(() => {
            batching = false;
          });
        }
        if (open === 0 && /^\s*(insert|update|delete)\b/i.test(query)) recording.autocommitWrites += 1;
      },
    },
  }) as unknown as Db;
  const transaction = db.transaction.bind(db);
  db.transaction = ((run, config) => {
    recording.transactions += 1;
    open += 1;
    return transaction(run, config).finally(() => {
      open -= 1;
    });
  }) as Db["transaction"];
  return db;
}

/** p50 of `runs` calls of `run`. */
async function p50Of(runs: number, run: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return percentile(times, 0.5);
}

/**
 * The floor of this machine right now: a round trip that does nothing (select 1), and a commit that writes (a
 * one-row insert on its own: its WAL flush, fsync, is what every committed transaction waits for).
 */
async function floors(db: Db): Promise<{ roundTripMs: number; commitMs: number }> {
  await db.execute(sql`create table bench_commit_probe (x int)`);
  const roundTripMs = await p50Of(200, () => db.execute(sql`select 1`));
  const commitMs = await p50Of(50, () => db.execute(sql`insert into bench_commit_probe values (1)`));
  await db.execute(sql`drop table bench_commit_probe`);
  return { roundTripMs, commitMs };
}

/**
 * CPU time spent so far, in ms, by this process and by the PostgreSQL backends serving the bench's database
 * (Linux /proc, as root or the postgres user; null where it cannot be read). Unlike throughput and latency, it
 * does not depend on what else the shared machine runs: it is what one hire costs.
 */
async function cpuSoFar(db: Db): Promise<{ nodeMs: number; postgresMs: Map<number, number> | null }> {
  const nodeMs = (process.cpuUsage().user + process.cpuUsage().system) / 1000;
  const pids = rowsOf<{ pid: number }>(
    await db.execute(sql`select pid from pg_stat_activity where datname = current_database()`),
  );
  try {
    const postgresMs = new Map<number, number>();
    for (const { pid } of pids) {
      // Fields 14 and 15 (utime, stime) after the parenthesized command name, in USER_HZ (100 a second).
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
      postgresMs.set(pid, (Number(fields[11]) + Number(fields[12])) * 10);
    }
    return { nodeMs, postgresMs };
  } catch {
    return { nodeMs, postgresMs: null };
  }
}

/** The CPU ms spent between two readings (a backend that appeared meanwhile counts from zero). */
function cpuBetween(before: Awaited<ReturnType<typeof cpuSoFar>>, after: Awaited<ReturnType<typeof cpuSoFar>>) {
  let postgresMs: number | null = null;
  if (before.postgresMs && after.postgresMs) {
    postgresMs = 0;
    for (const [pid, ms] of after.postgresMs) postgresMs += ms - (before.postgresMs.get(pid) ?? 0);
  }
  return { nodeMs: after.nodeMs - before.nodeMs, postgresMs };
}

/** EXPLAIN (without ANALYZE: nothing runs) of each recorded query, with its parameters bound. */
async function plans(handle: PostgresHandle, queries: { sql: string; params: unknown[] }[]): Promise<string> {
  const out: string[] = [];
  for (const [index, query] of queries.entries()) {
    if (!/^\s*(select|insert|update|delete|with)\b/i.test(query.sql)) continue;
    const rows = await handle.raw.unsafe(`explain (costs off) ${query.sql}`, query.params as never[]);
    const plan = rows.map((row) => String(row["QUERY PLAN"])).join("\n    ");
    const flag = /Seq Scan/.test(plan) ? "  <-- SEQUENTIAL SCAN" : "";
    out.push(`${index + 1}. ${query.sql.replace(/\s+/g, " ").slice(0, 220)}${flag}\n    ${plan}`);
  }
  return out.join("\n");
}

interface Stats {
  accept: number[];
  release: number[];
}

function row(name: string, times: number[]): string {
  const p95 = percentile(times, 0.95);
  return `| ${name} | ${times.length} | ${percentile(times, 0.5).toFixed(2)} ms | ${p95.toFixed(2)} ms | ${percentile(times, 0.99).toFixed(2)} ms | ${p95 < TARGET_P95_MS ? "yes" : "NO"} |`;
}

async function main() {
  await withScratchDatabase(
    { prefix: "market_bench_accept", max: CONCURRENCY + 2, keep: values.keep },
    async (handle) => {
      const loadStarted = performance.now();
      // One extra application: the one whose queries are recorded and explained, after the timed run.
      await load(handle.db, APPLICATIONS + 1);
      const clock = systemClock;
      const payments = sandboxGateway({ db: handle.db, clock });
      const apps = rowsOf<{ id: number; brand_id: number; username: string }>(
        await handle.db.execute(sql`select a.id, a.brand_id, u.username from applications a
        join users u on u.id = a.brand_id order by a.id`),
      );
      // The browser's card form tokenizes before accept: outside the timing.
      const tokens = new Map<number, string>();
      await pool(apps, CONCURRENCY, async (app) => {
        const card = { number: SANDBOX_TEST_CARDS.succeeds, expMonth: 12, expYear: 2099, cvc: "123" };
        // The application's brand makes the token, as its card form would: only its payment may use it.
        const made = await payments.tokenize(card, app.brand_id);
        if (!made.ok) throw new Error(made.message);
        tokens.set(app.id, made.token);
      });
      await handle.db.execute(sql`analyze`);
      const brandCents = brandTotalCents((PRICES.instagram + PRICES.youtube) * 100, DEFAULT_FEE_PERCENT);
      const viewerOf = (app: { brand_id: number; username: string }): Viewer => ({
        sessionId: "bench",
        userId: app.brand_id,
        kind: "brand",
        username: app.username,
        impersonatorId: null,
      });
      const hire = async (deps: { db: Db; payments: typeof payments }, app: (typeof apps)[number], stats: Stats) => {
        const viewer = viewerOf(app);
        const full = { ...deps, clock };
        const t0 = performance.now();
        const answer = await accept(full, viewer, {
          id: app.id,
          frontendPriceInCents: brandCents,
          networks: ["instagram", "youtube"],
          cardOptions: { token: tokens.get(app.id) as string, saveCard: false, useExistingCard: false },
        });
        const t1 = performance.now();
        if (answer.requiresAction) throw new Error("4242 asked for authentication");
        await release(full, { userId: app.brand_id, impersonatorId: null }, { id: app.id });
        stats.accept.push(t1 - t0);
        stats.release.push(performance.now() - t1);
      };
      console.log(
        `${APPLICATIONS} applications loaded in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s; ${CONCURRENCY} workers\n`,
      );

      const timed = apps.slice(0, APPLICATIONS);
      const stats: Stats = { accept: [], release: [] };
      // Warm-up, not counted: the first tenth of the hires pay for connections and plans, and give the tables the
      // money path writes (ledger, chat, notifications, attempts) a history, analyzed. Planned while those tables
      // were empty, the foreign key checks' and the ledger trigger's cached plans scan them whole, a cost that
      // grows with every hire for as long as the connection lives (a marketplace's tables are never empty, and
      // autovacuum's analyze replans them as they grow): that measured the bench's empty start, not the path.
      const warm = timed.splice(0, Math.max(50, Math.floor(timed.length / 10)));
      await pool(warm, CONCURRENCY, (app) => hire({ db: handle.db, payments }, app, { accept: [], release: [] }));
      await handle.db.execute(sql`analyze`);
      const load1 = loadavg();
      const cpu1 = await cpuSoFar(handle.db);
      const started = performance.now();
      await pool(timed, CONCURRENCY, (app) => hire({ db: handle.db, payments }, app, stats));
      const seconds = (performance.now() - started) / 1000;
      const cpu = cpuBetween(cpu1, await cpuSoFar(handle.db));
      const load2 = loadavg();

      const [check] = rowsOf<{ complete: number; unbalanced: number; fees: string }>(
        await handle.db.execute(sql`select
        (select count(*)::int from applications where status = 'COMPLETE') as complete,
        (select count(*)::int from (select transaction_id from ledger_entries group by 1 having sum(amount_cents) <> 0) u) as unbalanced,
        (select coalesce(sum(amount_cents), 0)::text from ledger_entries where account = 'platform:fees') as fees`),
      );
      const operations = stats.accept.length + stats.release.length;
      const perSecond = operations / seconds;
      console.log("| operation | count | p50 | p95 | p99 | p95 within 20 ms |");
      console.log("|---|---|---|---|---|---|");
      console.log(row("accept (sandbox 4242)", stats.accept));
      console.log(row("release", stats.release));
      console.log(
        `\n${operations} operations (${timed.length} accepts and as many releases) in ${seconds.toFixed(2)} s: ${perSecond.toFixed(0)} operations per second (target ${TARGET_OPS_PER_SECOND}: ${perSecond >= TARGET_OPS_PER_SECOND ? "met" : "MISSED"}); ${(timed.length / seconds).toFixed(0)} hires accepted and released per second`,
      );
      console.log(
        `load average ${load1.map((x) => x.toFixed(2)).join(" ")} before, ${load2.map((x) => x.toFixed(2)).join(" ")} after (2 cores shared with whatever else runs)`,
      );
      const nodePerHire = cpu.nodeMs / timed.length;
      const postgresPerHire = cpu.postgresMs === null ? null : cpu.postgresMs / timed.length;
      console.log(
        `CPU per accept and its release: ${nodePerHire.toFixed(2)} ms in Node, ${postgresPerHire === null ? "unknown (no /proc access)" : `${postgresPerHire.toFixed(2)} ms in PostgreSQL's backends: two idle cores would sustain at most about ${((2 * 2000) / (nodePerHire + postgresPerHire)).toFixed(0)} operations per second`}`,
      );
      console.log(
        `ledger: ${check?.complete} applications COMPLETE, ${check?.unbalanced} unbalanced transactions, platform:fees ${check?.fees} cents\n`,
      );

      // The plans of one more hire's queries, recorded as the services send them.
      const last = apps[apps.length - 1];
      if (!last) throw new Error("no application to explain");
      const recording: Recording = { queries: [], batches: 0, transactions: 0, autocommitWrites: 0 };
      const recorded = recordingDb(handle, recording);
      await hire({ db: recorded, payments: sandboxGateway({ db: recorded, clock }) }, last, {
        accept: [],
        release: [],
      });
      const committed = recording.transactions + recording.autocommitWrites;
      const { roundTripMs, commitMs } = await floors(handle.db);
      // Each transaction adds its BEGIN and COMMIT round trips to the query batches'.
      const trips = recording.batches + 2 * recording.transactions;
      console.log(
        `one accept and its release: ${recording.queries.length} queries (sent in ${recording.batches} batches) in ${recording.transactions} transactions and ${recording.autocommitWrites} writes on their own: about ${trips} round trips and ${committed} commits; now a bare round trip takes ${roundTripMs.toFixed(2)} ms and a commit ${commitMs.toFixed(2)} ms at p50, so the pair cannot take less than about ${(trips * roundTripMs + committed * commitMs).toFixed(1)} ms here\n`,
      );
      console.log("their plans:\n");
      console.log(await plans(handle, recording.queries));
    },
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
