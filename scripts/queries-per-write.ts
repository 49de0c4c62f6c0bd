/**
 * `DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx scripts/queries-per-write.ts`: the SQL
 * statements each write of the money mix (scripts/money-mix.ts: a chat message, a seen mark, a proposal update)
 * sends, BEGIN and COMMIT included, and how many round trips to PostgreSQL they take (statements sent together,
 * before the answer of the one before, are one), as the demo influencer and the demo brand (issue 33).
 *
 * As scripts/queries-per-request.ts, on the harness both share (statement-count-harness.ts): the demo seed in a
 * scratch database, the app over one connection with every statement prepared, as each of a loaded server's is
 * (postgres.js sends a new statement alone, waiting for its description). Each write is sent once to warm up, then
 * counted; `--show` prints each counted write's statements, a blank between round trips.
 */

import { parseArgs } from "node:util";
import { rowsOf, sql } from "@market/db";
import { withCountingApp } from "./statement-count-harness";

const { values } = parseArgs({ options: { show: { type: "boolean", default: false } } });

await withCountingApp(
  { prefix: "market_writes", connections: 1, prepared: true, rateLimitScale: 10_000 },
  async (harness) => {
    const { app, db, signIn } = harness;
    const live = async (column: "brand_id" | "influencer_id", login: string) => {
      const [row] = rowsOf<{ id: number }>(
        await db.execute(sql`select a.id from applications a join users u on u.id = a.${sql.raw(column)}
          where u.email = ${login}
            and (a.status = 'PROGRESS' or (a.status = 'WAITING' and a.expiration > now() + interval '1 day'))
          order by a.id desc limit 1`),
      );
      if (!row) throw new Error(`no live application of ${login}`);
      return row.id;
    };
    const waitingOf = async (login: string) => {
      const [row] = rowsOf<{ id: number; expiration: Date }>(
        await db.execute(sql`select a.id, a.expiration from applications a join users u on u.id = a.influencer_id
          where u.email = ${login} and a.status = 'WAITING' and a.expiration > now() + interval '1 day'
            and exists (select 1 from application_prices p where p.application_id = a.id and p.network_id is not null)
          order by a.id desc limit 1`),
      );
      if (!row) return null;
      const prices = rowsOf<{ network_id: number; price_cents: number; creation_days: number }>(
        await db.execute(sql`select network_id, price_cents, creation_days from application_prices
          where application_id = ${row.id} and network_id is not null order by network_type`),
      );
      return { id: row.id, expiration: new Date(row.expiration), prices };
    };
    const rows: { name: string; statements: number; roundTrips: number }[] = [];
    const measure = async (name: string, send: (n: number) => Promise<{ statusCode: number; body: string }>) => {
      const first = await send(0);
      if (first.statusCode !== 200) throw new Error(`${name}: ${first.statusCode} ${first.body}`);
      let response: { statusCode: number; body: string } | undefined;
      const counted = await harness.count(async () => {
        response = await send(1);
      });
      if (response?.statusCode !== 200) throw new Error(`${name}: ${response?.statusCode} ${response?.body}`);
      rows.push({ name, statements: counted.statements, roundTrips: counted.roundTrips });
      if (values.show) console.log(`${name}:${counted.lines.join("\n")}\n`);
    };
    for (const [login, column] of [
      ["influencer@demo.test", "influencer_id"],
      ["brand@demo.test", "brand_id"],
    ] as const) {
      const cookie = await signIn(login);
      const headers = { cookie, "content-type": "application/json", "sec-fetch-site": "same-origin" };
      const id = await live(column, login);
      await measure(`${login} chat message`, (n) =>
        app.inject({
          method: "POST",
          url: `/api/applications/${id}/messages`,
          headers,
          payload: JSON.stringify({ text: `Counted message ${n}` }),
        }),
      );
      // A seen mark that marks something: a notification about the application for the user first (not counted).
      await measure(`${login} seen mark`, async () => {
        await harness.uncounted(() =>
          db.execute(sql`insert into notifications (user_id, type, application_id, created_at)
            select u.id, 'message', ${id}, now() from users u where u.email = ${login}`),
        );
        return app.inject({
          method: "POST",
          url: "/trpc/notifications.seeApplication?batch=1",
          headers,
          payload: JSON.stringify({ 0: { json: { applicationId: id } } }),
        });
      });
      if (column === "influencer_id") {
        const waiting = await waitingOf(login);
        if (waiting) {
          await measure(`${login} proposal update`, (n) =>
            app.inject({
              method: "POST",
              url: `/api/applications/${waiting.id}`,
              headers,
              payload: JSON.stringify({
                expiration: waiting.expiration.toISOString(),
                prices: waiting.prices.map((line) => ({
                  networkId: line.network_id,
                  price: Math.round(line.price_cents / 100) + n + 1,
                  creationDays: line.creation_days,
                })),
              }),
            }),
          );
        }
      }
    }
    console.log("| write | statements | round trips |\n|---|---|---|");
    for (const row of rows) console.log(`| ${row.name} | ${row.statements} | ${row.roundTrips} |`);
  },
);
