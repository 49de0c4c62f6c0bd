/**
 * `DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx scripts/queries-per-request.ts`: how many SQL
 * statements each signed-in read of the load bench (scripts/bench-load.ts) sends, through the REST route and
 * through /trpc (issue 17: fewer queries per request, no N+1).
 *
 * On the harness it shares with scripts/queries-per-write.ts (statement-count-harness.ts) it seeds the demo
 * marketplace into a scratch database (dropped at the end), builds the app over a postgres.js client that counts
 * every statement it sends (BEGIN and COMMIT included), signs in the demo brand and influencer, reads each page once to warm the caches a server has warm (the session cache, the searches'
 * counts; not the user reads cache, which would answer the read again with none), then counts the statements of
 * one more read of each. The demo brand is also compared with the seeded brand that has the most applications: a
 * count that grows with the rows shown is an N+1. `--show NAME` prints the statements of that read.
 */

import { parseArgs } from "node:util";
import { rowsOf, sql } from "@market/db";
import superjson from "superjson";
import { withCountingApp } from "./statement-count-harness";

interface Read {
  name: string;
  rest: { method: "GET" | "POST"; url: string; body?: unknown };
  trpc: { procedure: string; input?: unknown };
}

const { values } = parseArgs({ options: { show: { type: "string" } } });

const get = (name: string, url: string, procedure: string, input?: unknown): Read => ({
  name,
  rest: { method: "GET", url },
  trpc: { procedure, input },
});

await withCountingApp({ prefix: "market_queries", connections: 4, prepared: false }, async (harness) => {
  const { app, db, signIn } = harness;
  const ids = async (login: string) => {
    const [user] = rowsOf<{ id: number; kind: string }>(
      await db.execute(sql`select id, kind from users where email = ${login} or username = ${login}`),
    );
    if (!user) throw new Error(`no user ${login}`);
    const column = user.kind === "brand" ? sql`brand_id` : sql`influencer_id`;
    const [application] = rowsOf<{ id: number; deal_id: number }>(
      await db.execute(sql`select id, deal_id from applications where ${column} = ${user.id} order by id desc limit 1`),
    );
    const [deal] = rowsOf<{ id: number }>(
      await db.execute(sql`select id from deals where user_id = ${user.id} order by id desc limit 1`),
    );
    return { application: application?.id ?? 0, deal: deal?.id ?? application?.deal_id ?? 0 };
  };
  const [busiest] = rowsOf<{ username: string; applications: number }>(
    await db.execute(sql`select u.username, count(*)::int as applications from users u
        join applications a on a.brand_id = u.id where u.email <> 'brand@demo.test'
        group by u.id order by count(*) desc, u.id limit 1`),
  );
  const brandReads = (page: { application: number; deal: number }): Read[] => [
    get("settings.get", "/api/settings", "settings.get"),
    get("deals.mine", "/api/deals", "deals.mine"),
    get("applications.list", "/api/applications", "applications.list", {}),
    get("applications.ofCampaign", `/api/campaigns/${page.deal}/applications`, "applications.ofCampaign", {
      id: page.deal,
    }),
    get("deals.get", `/api/deals/${page.deal}`, "deals.get", { id: page.deal }),
    get("applications.get", `/api/applications/${page.application}`, "applications.get", { id: page.application }),
    get("chat.page", `/api/applications/${page.application}/messages`, "chat.page", { id: page.application }),
    {
      name: "influencers.search",
      rest: { method: "POST", url: "/api/influencers/search", body: {} },
      trpc: { procedure: "influencers.search", input: {} },
    },
  ];
  const influencerReads = (page: { application: number; deal: number }): Read[] => [
    get("settings.get", "/api/settings", "settings.get"),
    get("applications.list", "/api/applications", "applications.list", {}),
    get("deals.get", `/api/deals/${page.deal}`, "deals.get", { id: page.deal }),
    get("applications.get", `/api/applications/${page.application}`, "applications.get", { id: page.application }),
    {
      name: "deals.search",
      rest: { method: "POST", url: "/api/deals/search", body: {} },
      trpc: { procedure: "deals.search", input: {} },
    },
  ];
  const send = async (cookie: string, read: Read, via: "rest" | "trpc") => {
    const response =
      via === "rest"
        ? await app.inject({
            method: read.rest.method,
            url: read.rest.url,
            headers: { cookie, "content-type": "application/json", "sec-fetch-site": "same-origin" },
            ...(read.rest.body === undefined ? {} : { payload: JSON.stringify(read.rest.body) }),
          })
        : await app.inject({
            method: "GET",
            url: `/trpc/${read.trpc.procedure}?batch=1&input=${encodeURIComponent(
              JSON.stringify({ 0: superjson.serialize(read.trpc.input) }),
            )}`,
            headers: { cookie },
          });
    if (response.statusCode !== 200) throw new Error(`${read.name} via ${via}: ${response.statusCode}`);
  };
  const count = async (login: string, reads: Read[]) => {
    const cookie = await signIn(login);
    const rows: { name: string; rest: number; trpc: number }[] = [];
    for (const read of reads) {
      const counted = { name: read.name, rest: 0, trpc: 0 };
      for (const via of ["rest", "trpc"] as const) {
        await send(cookie, read, via);
        const { statements, lines } = await harness.count(() => send(cookie, read, via));
        if (via === "rest" && read.name === values.show) {
          console.log(`${read.name} as ${login}:\n${lines.filter((line) => line !== "").join("\n")}`);
        }
        counted[via] = statements;
      }
      rows.push(counted);
    }
    return rows;
  };
  const table = (title: string, rows: { name: string; rest: number; trpc: number }[]) => {
    console.log(`\n${title}\n| read | statements via REST | via /trpc |\n|---|---|---|`);
    for (const row of rows) console.log(`| ${row.name} | ${row.rest} | ${row.trpc} |`);
  };
  table("demo brand (brand@demo.test)", await count("brand@demo.test", brandReads(await ids("brand@demo.test"))));
  if (busiest) {
    table(
      `${busiest.username}, the brand with the most applications (${busiest.applications})`,
      await count(busiest.username, brandReads(await ids(busiest.username))),
    );
  }
  table(
    "demo influencer (influencer@demo.test)",
    await count("influencer@demo.test", influencerReads(await ids("influencer@demo.test"))),
  );
});
