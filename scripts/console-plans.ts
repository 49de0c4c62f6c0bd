/**
 * `DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx scripts/console-plans.ts [--users 100000]
 * [--audit 1000000] [--hires 230000] [--payouts 100000] [--keep]`: the plans of the operator's console's lists at
 * scale (issue 36: "each console list stays keyset-paged and indexed; give the plans for 100,000 users and 1,000,000
 * audit rows"), and of the dashboard's figures over 1,000,000 ledger entries (console-money-fill.ts).
 *
 * It creates a scratch database (scratch-database.ts), migrates it, inserts `users` accounts (a brand and an
 * influencer in turn, 20 of them admins) and `audit` audit rows spread over a year (actions, admins and users drawn
 * in turn), ANALYZEs, then runs EXPLAIN (ANALYZE, BUFFERS) of every console list's statements as the services build
 * them (consoleListStatements), printing each plan, its execution time, its buffers, and a warning for a sequential
 * scan or a sort of more rows than a page. The dashboard's figures are then EXPLAINed over the last 30, 90 and 365
 * days, beside the same figures read from the lines (figuresFromLinesStatement, the statement before the summary
 * tables), whose answers must be equal. The load average is printed beside the times.
 */
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { consoleListStatements, figuresStatement } from "@market/api";
import { figuresFromLinesStatement } from "@market/api/testing";
import * as schema from "@market/db";
import { rowsOf, sql } from "@market/db";
import { PgDialect } from "drizzle-orm/pg-core";
import { drizzle } from "drizzle-orm/postgres-js";
import { fillMoney } from "./console-money-fill";
import { type PostgresHandle, withScratchDatabase } from "./scratch-database";

const { values } = parseArgs({
  options: {
    users: { type: "string", default: "100000" },
    audit: { type: "string", default: "1000000" },
    hires: { type: "string", default: "230000" },
    payouts: { type: "string", default: "100000" },
    keep: { type: "boolean", default: false },
  },
});
const USERS = Number(values.users);
const AUDIT = Number(values.audit);
const ADMINS = 20;
/** The end of the money data's year, and of the dashboard's periods. */
const END = "2026-12-01T00:00:00Z";
const ACTIONS = ["impersonate", "stop_impersonating", "deal_review", "influencer_flag", "refund", "close_case"];

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");

await withScratchDatabase({ prefix: "console_plans", max: 4, keep: values.keep }, async (handle) => {
  const started = performance.now();
  await handle.raw.unsafe(`
    insert into users (kind, username, email, password_hash, is_admin, created_at)
    select case when n % 2 = 0 then 'brand' else 'influencer' end,
           'user' || n, 'user' || n || '@scale.test', 'x', n <= ${ADMINS},
           now() - (n || ' minutes')::interval
    from generate_series(1, ${USERS}) n`);
  await handle.raw.unsafe(`
    insert into admin_audit_log (admin_id, impersonated_user_id, action, target_type, target_id, reason, created_at)
    select 1 + n % ${ADMINS},
           case when n % 3 = 0 then ${ADMINS} + 1 + n % (${USERS} - ${ADMINS}) end,
           (array[${ACTIONS.map((action) => `'${action}'`).join(",")}])[1 + n % ${ACTIONS.length}],
           case when n % 3 = 0 then 'user' else 'application' end,
           case when n % 3 = 0 then (${ADMINS} + 1 + n % (${USERS} - ${ADMINS}))::text else (n % 50000)::text end,
           'scale row ' || n,
           timestamptz '2026-01-01' + (n * interval '31 seconds')
    from generate_series(1, ${AUDIT}) n`);
  await fillMoney(handle, { hires: Number(values.hires), payouts: Number(values.payouts), users: USERS, end: END });
  await handle.raw.unsafe("vacuum analyze");
  const [counts] = await handle.raw.unsafe(
    "select (select count(*) from ledger_entries) as entries, (select count(*) from chat_messages) as lines",
  );
  console.log(
    `filled ${USERS} users, ${AUDIT} audit rows, ${values.hires} hires (${counts?.entries} ledger entries, ` +
      `${counts?.lines} chat lines) and ${values.payouts} payouts in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const db = drizzle(handle.raw, { schema }) as unknown as schema.Db;
  const [middle] = rowsOf<{ id: number; created_at: Date }>(
    await db.execute(sql`select id, created_at from admin_audit_log where id = ${Math.floor(AUDIT / 2)}`),
  );
  if (!middle) throw new Error("no audit row to page from");
  const statements = consoleListStatements(db, {
    adminId: 7,
    userId: ADMINS + 1 + 3 * 1000,
    cursorAt: new Date(middle.created_at),
    cursorId: middle.id,
  });
  for (const { name, query } of statements) {
    const { sql: text, params } = query.toSQL();
    const plan = (await handle.raw.unsafe(`explain (analyze, buffers) ${text}`, params as never[])).map(
      (row) => row["QUERY PLAN"] as string,
    );
    const time = plan.find((line) => line.startsWith("Execution Time"));
    const warnings = [
      plan.some((line) => /Seq Scan on (admin_audit_log|users)/.test(line)) ? "SEQUENTIAL SCAN" : null,
      plan.some((line) => /Sort Method/.test(line)) ? "sorts" : null,
    ].filter(Boolean);
    console.log(`\n== ${name}: ${time} (load average ${load()})${warnings.length ? ` [${warnings.join(", ")}]` : ""}`);
    for (const line of plan) console.log(`   ${line}`);
  }
  await explainDashboard(handle);
});

/** The dashboard's figures over 30, 90 and 365 days to END: the statement's plan, beside the lines' and their answers. */
async function explainDashboard(handle: PostgresHandle) {
  const dialect = new PgDialect();
  for (const days of [30, 90, 365]) {
    const period = { from: new Date(Date.parse(END) - days * 86_400_000), to: new Date(END) };
    const answers: string[] = [];
    for (const [name, statement] of [
      ["summary", figuresStatement(period)],
      ["lines", figuresFromLinesStatement(period)],
    ] as const) {
      const { sql: text, params } = dialect.sqlToQuery(statement);
      const plan = (await handle.raw.unsafe(`explain (analyze, buffers) ${text}`, params as never[])).map(
        (row) => row["QUERY PLAN"] as string,
      );
      const started = performance.now();
      const [answer] = await handle.raw.unsafe(text, params as never[]);
      const elapsed = (performance.now() - started).toFixed(1);
      answers.push(JSON.stringify(answer));
      const time = plan.find((line) => line.startsWith("Execution Time"));
      console.log(
        `\n== dashboard figures, last ${days} days, from the ${name}: ${time}, ${elapsed} ms without EXPLAIN`,
      );
      console.log(`   (load average ${load()}) ${JSON.stringify(answer)}`);
      for (const line of plan) console.log(`   ${line}`);
    }
    console.log(`   summary and lines agree: ${sameFigures(answers[0], answers[1])}`);
  }
}

/** The two statements name some columns differently (shares against counts); compare what both give. */
function sameFigures(summary = "{}", lines = "{}"): boolean {
  const a = JSON.parse(summary) as Record<string, string | number | null>;
  const b = JSON.parse(lines) as Record<string, string | number | null>;
  const num = (value: string | number | null | undefined) => (value == null ? null : Number(value));
  const contested = num(a.hires) === 0 ? null : Number(a.contested) / Number(a.hires);
  return (
    ["gmv", "fees", "escrow", "in_flight_count", "in_flight_cents", "median_hours", "auto_share"].every(
      (key) => num(a[key]) === num(b[key]),
    ) &&
    num(a.failed_payouts) === num(b.failed) &&
    num(a.paid_payouts) === num(b.paid) &&
    Math.abs((contested ?? -1) - (num(b.contested_share) ?? -1)) < 1e-9
  );
}
