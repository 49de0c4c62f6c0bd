/**
 * `DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx scripts/queries-per-write.ts`: the SQL
 * statements each write of the money mix (scripts/money-mix.ts: a chat message, a seen mark, a proposal update)
 * sends, BEGIN and COMMIT included, and how many round trips to PostgreSQL they take (statements sent together,
 * before the answer of the one before, are one), as the demo influencer and the demo brand (issue 33).
 *
 * As scripts/queries-per-request.ts: the demo seed in a scratch database (dropped at the end), the app over a
 * postgres.js client whose `debug` hook sees every statement it sends. Each write is sent once to warm up, then
 * counted; `--show` prints each counted write's statements, a blank between round trips.
 */

import { parseArgs } from "node:util";
import { createTokenCipher, DEV_NETWORK_TOKEN_KEY, hashPassword, systemClock } from "@market/api";
import * as schema from "@market/db";
import { preparingClient, rowsOf, sql } from "@market/db";
import { seedDemoIfEmpty } from "@market/db/seed";
import { buildApp } from "@market/server/app";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { withScratchDatabase } from "./scratch-database";

const { values } = parseArgs({ options: { show: { type: "boolean", default: false } } });

await withScratchDatabase({ prefix: "market_writes", max: 2, keep: false }, async (scratch, url) => {
  const cipher = createTokenCipher(DEV_NETWORK_TOKEN_KEY);
  await seedDemoIfEmpty(scratch.db, {
    hashPassword,
    saveFile: async () => {},
    encryptToken: (token) => cipher.encryptToken(token),
  });
  // Each statement the app sends, and the round trip it is in: statements sent in one turn of the event loop
  // (pipelined by postgres.js on a connection, before the answer of the first) share one round trip; a statement
  // sent after an answer came starts the next.
  let counting = false;
  let statements = 0;
  let roundTrips = 0;
  let turnOpen = false;
  const shown: string[] = [];
  // One connection, as each of a loaded server's is: every statement is prepared on it after the warm-up, as
  // postgres.js sends a new statement alone (it waits for its description before sending the next).
  const raw = postgres(url, {
    max: 1,
    onnotice: () => {},
    debug: (_connection: number, query: string) => {
      if (!counting) return;
      statements += 1;
      if (!turnOpen) {
        roundTrips += 1;
        turnOpen = true;
        setImmediate(() => {
          turnOpen = false;
        });
        if (values.show) shown.push("");
      }
      if (values.show) shown.push(`    ${query.replace(/\s+/g, " ").slice(0, 240)}`);
    },
  });
  // As the server's (createDb): every statement prepared, so that postgres.js pipelines what is sent together (an
  // unprepared statement with parameters is described first, alone).
  const db = drizzle({ client: preparingClient(raw), schema }) as unknown as schema.Db;
  const app = await buildApp({
    db,
    clock: systemClock,
    publicUrl: "http://127.0.0.1",
    userReadsCache: false,
    rateLimitScale: 10_000,
  });
  try {
    const signIn = async (login: string) => {
      const response = await app.inject({
        method: "POST",
        url: "/api/login",
        headers: { "content-type": "application/json", "sec-fetch-site": "same-origin" },
        payload: JSON.stringify({ login, password: "demo-password" }),
      });
      const cookie = response.headers["set-cookie"];
      if (response.statusCode !== 200 || !cookie) throw new Error(`login of ${login}: ${response.statusCode}`);
      return (Array.isArray(cookie) ? cookie : [cookie]).map((line) => line.split(";")[0]).join("; ");
    };
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
      counting = true;
      statements = 0;
      roundTrips = 0;
      shown.length = 0;
      const response = await send(1);
      counting = false;
      if (response.statusCode !== 200) throw new Error(`${name}: ${response.statusCode} ${response.body}`);
      rows.push({ name, statements, roundTrips });
      if (values.show) console.log(`${name}:${shown.join("\n")}\n`);
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
        const before = counting;
        counting = false;
        await db.execute(sql`insert into notifications (user_id, type, application_id, created_at)
          select u.id, 'message', ${id}, now() from users u where u.email = ${login}`);
        counting = before;
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
  } finally {
    await app.close();
    await raw.end({ timeout: 5 });
  }
});
