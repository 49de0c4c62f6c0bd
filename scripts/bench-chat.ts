/**
 * `DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx scripts/bench-chat.ts [--messages 10000]
 * [--others 200] [--other-messages 500] [--runs 50]`: server-side timing of an application's chat
 * (GET /api/applications/{id}/messages) at scale.
 *
 * It creates a scratch database next to DATABASE_URL's (createdb), migrates it, bulk-inserts one chat of
 * `messages` messages and `others` other applications' chats of `other-messages` each (so the table holds much
 * more than the chat read; one message in ten shares its instant with the one before, as fast replies do, and one in
 * 25 is a file), ANALYZEs
 * it, then calls the page SERVICE (getChatPage: the parties check and the page with senders and files) for the
 * newest page and for page 20 `runs` times each after one warm-up, prints p50/p95, page 20 against page 1, the
 * load average, and both plans (EXPLAIN ANALYZE of the page query), and drops the scratch database (dropdb), even on
 * failure, unless --keep.
 */
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { chatPageQuery, getChatPage, type Viewer } from "@market/api";
import { CHAT_PAGE_SIZE } from "@market/contracts";
import { type DbHandle, rowsOf, sql } from "@market/db";
import { withScratchDatabase } from "./scratch-database";

const { values } = parseArgs({
  options: {
    messages: { type: "string", default: "10000" },
    others: { type: "string", default: "200" },
    "other-messages": { type: "string", default: "500" },
    runs: { type: "string", default: "50" },
    /** Keep the scratch database (to EXPLAIN queries by hand); drop it yourself with dropdb. */
    keep: { type: "boolean", default: false },
  },
});
const MESSAGES = Number(values.messages);
const OTHERS = Number(values.others);
const OTHER_MESSAGES = Number(values["other-messages"]);
const RUNS = Number(values.runs);
const TARGET_P95_MS = 30;
const FAR_PAGE = 20;

function percentile(times: number[], q: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

/** One brand, one deal, and an application per influencer; the first application holds the big chat. */
async function load(handle: DbHandle): Promise<{ applicationId: number; brandId: number }> {
  const db = handle.db;
  await db.execute(sql`
    insert into users (kind, username, email, password_hash)
    select case when n = 0 then 'brand' else 'influencer' end, 'bench_user_' || n, 'bench_user_' || n || '@bench.example',
      'bench:no-login'
    from generate_series(0, ${OTHERS + 1}) n`);
  await db.execute(sql`
    insert into deals (user_id, title, link, category, price, description, networks, deadline, created_at, updated_at)
    select id, 'Bench deal', 'https://brand.example', 'sports', 'p100_250', 'Bench', array['instagram'],
      now() + interval '60 days', now() - interval '90 days', now() - interval '90 days'
    from users where kind = 'brand'`);
  await db.execute(sql`
    insert into applications (deal_id, influencer_id, brand_id, status, text, expiration, created_at, updated_at)
    select d.id, u.id, d.user_id, 'PROGRESS', 'Bench proposal', now() + interval '30 days',
      now() - interval '90 days', now() - interval '90 days'
    from deals d cross join users u where u.kind = 'influencer' order by u.id`);
  // Message n of a chat of `count`: oldest first, a second apart, every tenth at the same instant as the one before.
  const chat = (count: number, which: string) => sql`
    insert into chat_messages (application_id, sender_id, type, text, created_at)
    select a.id, case when n % 2 = 0 then a.brand_id else a.influencer_id end, 'text', 'Message ' || n,
      now() - interval '80 days' + ((n - (case when n % 10 = 0 then 1 else 0 end)) * interval '1 second')
    from applications a cross join generate_series(1, ${count}) n where ${sql.raw(which)}`;
  const [first] = rowsOf<{ id: number; brand_id: number }>(
    await db.execute(sql`select id, brand_id from applications order by id limit 1`),
  );
  if (!first) throw new Error("no application loaded");
  // The other chats first, then the big one: ids interleave less than in life, which only favours no plan.
  await db.execute(chat(OTHER_MESSAGES, `a.id <> ${first.id}`));
  await db.execute(chat(MESSAGES, `a.id = ${first.id}`));
  // One message in 25 is a file, so the page's join to files reads a table of some size, as in life.
  await db.execute(sql`
    with made as (
      insert into files (purpose, storage_key, original_name, content_type, size_bytes, sha256)
      select 'chat_file', 'bench/' || id, 'file-' || id || '.pdf', 'application/pdf', 1000, repeat('0', 64)
      from chat_messages where id % 25 = 0
      returning id, storage_key)
    update chat_messages m set type = 'file', text = null, file_id = made.id
    from made where made.storage_key = 'bench/' || m.id`);
  await db.execute(sql`vacuum analyze chat_messages`);
  await db.execute(sql`analyze`);
  return { applicationId: first.id, brandId: first.brand_id };
}

async function time(run: () => Promise<unknown>): Promise<number[]> {
  await run(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return times;
}

/** EXPLAIN ANALYZE of the page query as the service sends it (its parameters are numbers, inlined). */
async function plan(handle: DbHandle, applicationId: number, before: number | undefined): Promise<string> {
  if (handle.kind !== "postgres") throw new Error("the benchmark runs on PostgreSQL");
  const query = chatPageQuery(handle.db, applicationId, before).toSQL();
  const text = query.sql.replace(/\$(\d+)/g, (_, index: string) => {
    const value = query.params[Number(index) - 1];
    if (typeof value !== "number") throw new Error(`unexpected parameter ${String(value)}`);
    return String(value);
  });
  const rows = await handle.raw.unsafe(`explain (analyze, buffers, costs off) ${text}`);
  return rows.map((row) => String(row["QUERY PLAN"])).join("\n");
}

async function main() {
  await withScratchDatabase({ prefix: "market_bench_chat", max: 2, keep: values.keep }, async (handle) => {
    const loadStarted = performance.now();
    const { applicationId, brandId } = await load(handle);
    const [stats] = rowsOf<{ total: number }>(
      await handle.db.execute(sql`select count(*)::int as total from chat_messages`),
    );
    console.log(
      `chat_messages: ${stats?.total} rows, the chat read holds ${MESSAGES}; loaded in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s; ${RUNS} runs per case; ${CHAT_PAGE_SIZE} messages a page\n`,
    );
    const deps = { db: handle.db };
    const viewer: Viewer = {
      sessionId: "bench",
      userId: brandId,
      kind: "brand",
      username: "bench",
      impersonatorId: null,
    };

    // Walk to page FAR_PAGE as the web would, checking on the way that pages neither skip nor repeat.
    let before: number | undefined;
    let seen = 0;
    let lastId = Number.POSITIVE_INFINITY;
    for (let page = 1; page < FAR_PAGE; page += 1) {
      const answer = await getChatPage(deps, viewer, { id: applicationId, before });
      seen += answer.messages.length;
      for (const message of answer.messages) {
        if (message.id >= lastId) throw new Error("pages overlap");
        lastId = message.id;
      }
      before = answer.before ?? undefined;
    }
    if (seen !== (FAR_PAGE - 1) * CHAT_PAGE_SIZE || before === undefined) throw new Error("the walk came short");

    const load1 = loadavg();
    const first = await time(() => getChatPage(deps, viewer, { id: applicationId }));
    const far = await time(() => getChatPage(deps, viewer, { id: applicationId, before }));
    const load2 = loadavg();
    const p95First = percentile(first, 0.95);
    const p95Far = percentile(far, 0.95);
    console.log("| case | p50 | p95 | within 30 ms |");
    console.log("|---|---|---|---|");
    console.log(
      `| page 1 | ${percentile(first, 0.5).toFixed(2)} ms | ${p95First.toFixed(2)} ms | ${p95First < TARGET_P95_MS ? "yes" : "NO"} |`,
    );
    console.log(
      `| page ${FAR_PAGE} | ${percentile(far, 0.5).toFixed(2)} ms | ${p95Far.toFixed(2)} ms | ${p95Far < TARGET_P95_MS ? "yes" : "NO"} |`,
    );
    console.log(
      `\npage ${FAR_PAGE} p95 / page 1 p95 = ${(p95Far / p95First).toFixed(2)} (target at most 1.5); load average ${load1.map((x) => x.toFixed(2)).join(" ")} before, ${load2.map((x) => x.toFixed(2)).join(" ")} after\n`,
    );
    console.log(`plan, page 1:\n${await plan(handle, applicationId, undefined)}\n`);
    console.log(`plan, page ${FAR_PAGE}:\n${await plan(handle, applicationId, before)}`);
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
