/**
 * `DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx scripts/console-plans.ts [--users 100000]
 * [--audit 1000000] [--keep]`: the plans of the operator's console's lists at scale (issue 36: "each console list
 * stays keyset-paged and indexed; give the plans for 100,000 users and 1,000,000 audit rows").
 *
 * It creates a scratch database (scratch-database.ts), migrates it, inserts `users` accounts (a brand and an
 * influencer in turn, 20 of them admins) and `audit` audit rows spread over a year (actions, admins and users drawn
 * in turn), ANALYZEs, then runs EXPLAIN (ANALYZE, BUFFERS) of every console list's statements as the services build
 * them (consoleListStatements), printing each plan, its execution time, its buffers, and a warning for a sequential
 * scan or a sort of more rows than a page. The load average is printed beside the times.
 */
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { consoleListStatements } from "@market/api";
import * as schema from "@market/db";
import { rowsOf, sql } from "@market/db";
import { drizzle } from "drizzle-orm/postgres-js";
import { withScratchDatabase } from "./scratch-database";

const { values } = parseArgs({
  options: {
    users: { type: "string", default: "100000" },
    audit: { type: "string", default: "1000000" },
    keep: { type: "boolean", default: false },
  },
});
const USERS = Number(values.users);
const AUDIT = Number(values.audit);
const ADMINS = 20;
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
  await handle.raw.unsafe("analyze");
  console.log(
    `filled ${USERS} users and ${AUDIT} audit rows in ${((performance.now() - started) / 1000).toFixed(1)} s`,
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
});
