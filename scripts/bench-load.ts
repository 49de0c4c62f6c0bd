/**
 * `npx tsx scripts/bench-load.ts [--mix discovery|money] [--connections 30] [--seconds 15] [--warmup 2]
 * [--via rest|trpc] [--influencers N] [--log-level info] [--only <regexp>]
 * [--accept-encoding "gzip, deflate, br, zstd"] [--instances N] [--write-every 10]`:
 * what a request of the product costs next to a bare one (issue 17). Run `npm run build` first: it measures the
 * built server.
 *
 * It starts apps/server/dist/main.js in production mode on a fresh PostgreSQL database with the demo seed
 * (scripts/built-server.mjs; TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres, names the
 * server the scratch database is created on, and dropped from at the end, even on failure or Ctrl-C), logs in the
 * demo brand and influencer and the seeded brands and influencers with the most applications (they share the demo
 * password), reads the ids their pages need from the database (with `--influencers N`, N more influencers are
 * bulk-loaded first by scripts/seed-scale.ts, so that the searches run at scale), then drives two loads of the same
 * duration over the same number of keep-alive connections (node:http, loopback only):
 * - mixed: the logged-in users take turns, each through what they read most, in order: a brand its
 *   campaign list (deals.mine), the influencer search in three shapes (default order; categories, networks and
 *   followers; the keyword "lond" by engagement), its settings, a campaign's page, the applications across its
 *   campaigns and of one campaign, an application's page and its chat page; an influencer the deal search, its
 *   settings, a deal's page, its applications, an application's page and its chat page. `--via rest` calls the REST
 *   routes under /api (docs/api.md); `--via trpc` (default) calls /trpc as the web app's httpBatchLink does (GET,
 *   superjson, one procedure a request), so that two runs compare the two.
 *   With `--mix money` (issue 33) the mixed load is the money mix instead (scripts/money-mix.ts): the money scale
 *   seed (scripts/seed-money-scale.ts) is added, the demo users and its two users read their screens' reads in
 *   turns (money-reads.ts: applications lists, an application and its chat, a campaign's applicants, hires, a
 *   public profile, earnings, payouts, balance, own profile, networks, notifications, settings) and every tenth
 *   request is a write (a chat message, a seen mark, a proposal update); the server runs with RATE_LIMIT_SCALE
 *   10000, since four users send hundreds of chat messages a second (`--only` keeps the reads it matches; the
 *   writes stay). Issue 33's target: p99 within 100 ms at 100 connections, no error.
 * - health: `GET /health` alone (Fastify and a database ping).
 * `--instances N` (1 to 4) starts N built servers on the one database behind haproxy (scripts/cluster/cluster.ts,
 * issue 38) and sends both loads to the balancer; the CPU in Node is then the instances' sum.
 * `--accept-encoding` sends that header with the mixed load's calls, as a browser does, so that the server compresses
 * the answers of 1 KB or more (apps/server/src/http/compression.ts); without it they go as they are, as to a proxy
 * that compresses them itself.
 * `--only` keeps the mixed load's calls whose name ("brand deals.get", "influencer chat.page"...) the regular
 * expression matches, to price one route alone.
 * Each is preceded by `--warmup` seconds of the same load, not counted (the JIT, the prepared statements).
 *
 * For each it prints requests per second, p50 and p99 latency, the errors (non-2xx by status, failed requests by
 * code), the server's CPU per request in Node (its /proc/<pid>/stat utime+stime) and in PostgreSQL (summed over the
 * backends of the scratch database, found in pg_stat_activity; needs /proc access to them, as root or postgres),
 * this client's own CPU per request (it shares the cores with the server: at a bare request's rate it is a large
 * share of them), the server's RSS after it and the load average before and after; then the ratio of the mixed load's req/s to
 * health's, and per route the count, p50 and p99 of the mixed load and the size of its last answer. Throughput and latency follow whatever else the
 * machine runs (hence the load average beside them); the CPU per request much less.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { Agent } from "node:http";
import { parseArgs } from "node:util";
import postgres from "postgres";
import { drive as driveWith, loadAverage, type Planned, percentile, sendWith, trpcQueryPath } from "./bench-http";
import { startBuiltServer } from "./built-server.mjs";
import { startCluster } from "./cluster/cluster";
import { MONEY_MIX_WRITE_EVERY, planMoneyMix } from "./money-mix";
import { seedMoneyScaleInto } from "./seed-money-scale";

const { values } = parseArgs({
  options: {
    connections: { type: "string", default: "30" },
    seconds: { type: "string", default: "15" },
    warmup: { type: "string", default: "2" },
    /** Influencers to bulk-load beside the demo seed (scripts/seed-scale.ts), for a search at scale. */
    influencers: { type: "string", default: "0" },
    via: { type: "string", default: "trpc" },
    /** The server's LOG_LEVEL: info, as in production, logs every request (its output goes to /dev/null). */
    "log-level": { type: "string", default: "info" },
    /** A regular expression over the calls' names: the mixed load keeps those it matches. */
    only: { type: "string" },
    /** The mixed load's Accept-Encoding: unset, none is sent and nothing is compressed. */
    "accept-encoding": { type: "string" },
    /** discovery (issue 17's mix) or money (issue 33's: the signed-in reads and one write in ten). */
    mix: { type: "string", default: "discovery" },
    /**
     * The money mix's share of writes: one request in this many (issue 33's mix: 10). 1 sends writes only, and a
     * number above the run's requests reads only: the two price a write and a read apart.
     */
    "write-every": { type: "string", default: String(MONEY_MIX_WRITE_EVERY) },
    /** Built instances behind haproxy (scripts/cluster/cluster.ts), the load sent to the balancer; unset: one, direct. */
    instances: { type: "string" },
  },
});
const CONNECTIONS = Number(values.connections);
const SECONDS = Number(values.seconds);
const WARMUP_SECONDS = Number(values.warmup);
const VIA = values.via;
const LOG_LEVEL = values["log-level"];
const SCALE_INFLUENCERS = Number(values.influencers);
const ONLY = values.only === undefined ? null : new RegExp(values.only);
const ACCEPT_ENCODING = values["accept-encoding"];
const MIX = values.mix;
const WRITE_EVERY = Number(values["write-every"]);
const INSTANCES = values.instances === undefined ? null : Number(values.instances);
// Bounds, so that a typo cannot leave the machine loaded for an hour.
if (!Number.isInteger(CONNECTIONS) || CONNECTIONS < 1 || CONNECTIONS > 500) throw new Error("--connections: 1 to 500");
if (!Number.isInteger(WRITE_EVERY) || WRITE_EVERY < 1) throw new Error("--write-every: a whole number, 1 or more");
if (!(SECONDS > 0 && SECONDS <= 300)) throw new Error("--seconds: above 0, at most 300");
if (!(WARMUP_SECONDS >= 0 && WARMUP_SECONDS <= 60)) throw new Error("--warmup: 0 to 60");
if (VIA !== "rest" && VIA !== "trpc") throw new Error("--via: rest or trpc");
if (MIX !== "discovery" && MIX !== "money") throw new Error("--mix: discovery or money");
if (INSTANCES !== null && !(Number.isInteger(INSTANCES) && INSTANCES >= 1 && INSTANCES <= 4))
  throw new Error("--instances: 1 to 4");
if (ACCEPT_ENCODING !== undefined && !/^[\x20-\x7e]{1,200}$/.test(ACCEPT_ENCODING)) {
  throw new Error('--accept-encoding: a header value of printable ASCII, such as "gzip, deflate, br, zstd"');
}
if (!["trace", "debug", "info", "warn", "error", "fatal", "silent"].includes(LOG_LEVEL)) {
  throw new Error("--log-level: one of pino's levels");
}
if (!Number.isInteger(SCALE_INFLUENCERS) || SCALE_INFLUENCERS < 0 || SCALE_INFLUENCERS > 2_000_000) {
  throw new Error("--influencers: 0 to 2,000,000");
}
const DEMO_PASSWORD = "demo-password";
/** Besides the two demo accounts: how many seeded brands and influencers to log in (the login limit is 30 an IP). */
const EXTRA_USERS_PER_KIND = 3;

process.env.TEST_DATABASE_URL ??= "postgres://postgres@127.0.0.1:5432/postgres";

/** One call of the product: a tRPC procedure and its input, and the REST route serving the same procedure. */
interface Call {
  name: string;
  procedure: string;
  input?: unknown;
  rest: { method: "GET" | "POST"; path: string; body?: unknown };
}

interface User {
  kind: "brand" | "influencer";
  login: string;
  cookie: string;
  calls: Call[];
}

const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS, maxFreeSockets: CONNECTIONS });

const send = (baseUrl: string, method: string, path: string, headers: Record<string, string>, body?: string) =>
  sendWith(agent, baseUrl, method, path, headers, body);

/** The request the web app's httpBatchLink sends for one query (a batch of one), or the REST route's. */
function callRequest(call: Call): { method: string; path: string; body?: string } {
  if (VIA === "rest") {
    const { method, path, body } = call.rest;
    return { method, path, body: body === undefined ? undefined : JSON.stringify(body) };
  }
  return { method: "GET", path: trpcQueryPath(call.procedure, call.input) };
}

function influencerSearch(shape: string, input: Record<string, unknown>): Call {
  const rest = { method: "POST" as const, path: "/api/influencers/search", body: input };
  return { name: `influencers.search ${shape}`, procedure: "influencers.search", input, rest };
}

/** The three shapes of the influencer search: the landing's, a brand's filters, a keyword. */
const SEARCHES: Call[] = [
  influencerSearch("default", {}),
  influencerSearch("filtered", {
    categories: ["clothing", "beauty"],
    networks: ["instagram", "youtube"],
    followers: [10_000, 1_000_000],
  }),
  influencerSearch("keyword", { query: "lond", sort: "engagement_p" }),
];

const SETTINGS: Call = {
  name: "settings.get",
  procedure: "settings.get",
  rest: { method: "GET", path: "/api/settings" },
};

function dealPage(id: number): Call {
  return {
    name: "deals.get",
    procedure: "deals.get",
    input: { id },
    rest: { method: "GET", path: `/api/deals/${id}` },
  };
}

function applicationPages(id: number): Call[] {
  return [
    {
      name: "applications.get",
      procedure: "applications.get",
      input: { id },
      rest: { method: "GET", path: `/api/applications/${id}` },
    },
    {
      name: "chat.page",
      procedure: "chat.page",
      input: { id },
      rest: { method: "GET", path: `/api/applications/${id}/messages` },
    },
  ];
}

const MY_APPLICATIONS: Call = {
  name: "applications.list",
  procedure: "applications.list",
  input: {},
  rest: { method: "GET", path: "/api/applications" },
};

/** The users to log in and the ids of the pages each reads, from the scratch database (before any timing). */
async function plan(databaseUrl: string): Promise<Omit<User, "cookie">[]> {
  const db = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const users = await db<{ id: number; kind: "brand" | "influencer"; username: string }[]>`
      (select u.id, u.kind, u.username from users u where u.email in ('brand@demo.test', 'influencer@demo.test'))
      union
      (select u.id, u.kind, u.username from users u join applications a on a.brand_id = u.id
        where u.kind = 'brand' group by u.id order by count(*) desc, u.id limit ${EXTRA_USERS_PER_KIND})
      union
      (select u.id, u.kind, u.username from users u join applications a on a.influencer_id = u.id
        where u.kind = 'influencer' group by u.id order by count(*) desc, u.id limit ${EXTRA_USERS_PER_KIND})`;
    const [openDeal] = await db<{ id: number }[]>`
      select id from deals where deleted_at is null and not paused and review_status <> 'KO' and deadline > now()
      order by id limit 1`;
    const planned: Omit<User, "cookie">[] = [];
    for (const user of users) {
      const column = user.kind === "brand" ? db`brand_id` : db`influencer_id`;
      const applications = await db<{ id: number; dealId: number }[]>`
        select id, deal_id as "dealId" from applications where ${column} = ${user.id} order by id desc limit 2`;
      const calls: Call[] = [SETTINGS, MY_APPLICATIONS, ...applications.flatMap(({ id }) => applicationPages(id))];
      if (user.kind === "brand") {
        const [deal] = await db<{ id: number }[]>`
          select id from deals where user_id = ${user.id} and deleted_at is null order by id desc limit 1`;
        calls.push({ name: "deals.mine", procedure: "deals.mine", rest: { method: "GET", path: "/api/deals" } });
        calls.push(...SEARCHES);
        if (deal) {
          calls.push(dealPage(deal.id), {
            name: "applications.ofCampaign",
            procedure: "applications.ofCampaign",
            input: { id: deal.id },
            rest: { method: "GET", path: `/api/campaigns/${deal.id}/applications` },
          });
        }
      } else {
        calls.push({
          name: "deals.search",
          procedure: "deals.search",
          input: {},
          rest: { method: "POST", path: "/api/deals/search", body: {} },
        });
        const dealId = applications[0]?.dealId ?? openDeal?.id;
        if (dealId !== undefined) calls.push(dealPage(dealId));
      }
      planned.push({ kind: user.kind, login: user.username, calls });
    }
    return planned;
  } finally {
    await db.end();
  }
}

async function logIn(baseUrl: string, user: Omit<User, "cookie">): Promise<User | null> {
  const response = await send(
    baseUrl,
    "POST",
    "/api/login",
    { origin: baseUrl },
    JSON.stringify({ login: user.login, password: DEMO_PASSWORD }),
  );
  const setCookie = response.headers["set-cookie"];
  if (response.status !== 200 || !setCookie) {
    console.warn(`login of ${user.login} failed (${response.status}): left out`);
    return null;
  }
  const cookie = setCookie.map((line) => line.split(";")[0]).join("; ");
  return { ...user, cookie };
}

/** Runs CONNECTIONS loops of sequential requests for `ms`; each loop asks `next` for its next request. */
const drive = (baseUrl: string, ms: number, next: () => Planned) => driveWith(agent, baseUrl, CONNECTIONS, ms, next);

/** utime + stime of a process in ms (fields 14 and 15 after the command name, in USER_HZ: 100 a second). */
function processCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+) kB/);
  return Number(line?.[1]) / 1024;
}

/** CPU ms so far of the servers and of the PostgreSQL backends on their database (null where /proc cannot be read). */
async function cpuSoFar(admin: postgres.Sql, database: string, serverPids: number[]) {
  const pids = await admin<{ pid: number }[]>`select pid from pg_stat_activity where datname = ${database}`;
  let postgresMs: Map<number, number> | null = new Map();
  try {
    for (const { pid } of pids) postgresMs.set(pid, processCpuMs(pid));
  } catch {
    postgresMs = null;
  }
  return { nodeMs: serverPids.reduce((sum, pid) => sum + processCpuMs(pid), 0), postgresMs };
}

type Cpu = Awaited<ReturnType<typeof cpuSoFar>>;

function cpuBetween(before: Cpu, after: Cpu): { nodeMs: number; postgresMs: number | null } {
  let postgresMs: number | null = null;
  if (before.postgresMs && after.postgresMs) {
    postgresMs = 0;
    // A backend that appeared meanwhile counts from zero; one that ended is lost (the pool keeps its connections).
    for (const [pid, ms] of after.postgresMs) postgresMs += ms - (before.postgresMs.get(pid) ?? 0);
  }
  return { nodeMs: after.nodeMs - before.nodeMs, postgresMs };
}

async function phase(
  label: string,
  context: { baseUrl: string; admin: postgres.Sql; database: string; pids: number[] },
  next: Parameters<typeof drive>[2],
): Promise<number> {
  if (WARMUP_SECONDS > 0) await drive(context.baseUrl, WARMUP_SECONDS * 1000, next);
  const loadBefore = loadAverage();
  const cpuBefore = await cpuSoFar(context.admin, context.database, context.pids);
  const clientBefore = process.cpuUsage();
  const tally = await drive(context.baseUrl, SECONDS * 1000, next);
  const client = process.cpuUsage(clientBefore);
  const cpu = cpuBetween(cpuBefore, await cpuSoFar(context.admin, context.database, context.pids));
  const count = tally.latencies.length;
  const sorted = tally.latencies.sort((a, b) => a - b);
  const perSecond = count / SECONDS;
  const errors = [...tally.errors].map(([what, n]) => `${n} × ${what}`).join(", ") || "none";
  console.log(
    `${label}: ${perSecond.toFixed(0)} req/s (${count} requests), p50 ${percentile(sorted, 0.5).toFixed(1)} ms, p99 ${percentile(sorted, 0.99).toFixed(1)} ms, errors: ${errors}`,
  );
  console.log(
    `  CPU per request: ${(cpu.nodeMs / count).toFixed(3)} ms in Node, ${cpu.postgresMs === null ? "unknown (no /proc access to the backends)" : `${(cpu.postgresMs / count).toFixed(3)} ms in PostgreSQL`} (and ${((client.user + client.system) / 1000 / count).toFixed(3)} ms in this client, on the same cores); server RSS ${context.pids.map((pid) => rssMb(pid).toFixed(0)).join(" + ")} MB; load average ${loadBefore} before, ${loadAverage()} after`,
  );
  if (tally.byRoute.size > 1) {
    for (const [name, times] of [...tally.byRoute].sort(([a], [b]) => a.localeCompare(b))) {
      times.sort((a, b) => a - b);
      console.log(
        `    ${name.padEnd(36)} ${String(times.length).padStart(7)}  p50 ${percentile(times, 0.5).toFixed(1).padStart(6)} ms  p99 ${percentile(times, 0.99).toFixed(1).padStart(6)} ms  ${String(tally.bytesByRoute.get(name) ?? 0).padStart(7)} B`,
      );
    }
  }
  return perSecond;
}

/** Bulk-loads `count` influencers into the server's database with scripts/seed-scale.ts (which then ANALYZEs). */
function seedScale(databaseUrl: string, count: number): Promise<void> {
  const child = spawn("npx", ["tsx", "scripts/seed-scale.ts", "--influencers", String(count)], {
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, DATABASE_URL: databaseUrl },
  });
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`seed-scale exited with ${code}`))));
  });
}

/** Issue 17's mix: the users of the demo seed (and the seeded ones with the most applications) in turns. */
async function discoveryLoad(baseUrl: string, databaseUrl: string, database: string): Promise<() => Planned> {
  const planned = await plan(databaseUrl);
  const users = (await Promise.all(planned.map((user) => logIn(baseUrl, user)))).filter(
    (user): user is User => user !== null,
  );
  if (users.length === 0) throw new Error("no user could log in");
  console.log(
    `built server ${baseUrl}, database ${database}; ${users.length} users (${users.map((u) => `${u.login} ${u.kind}`).join(", ")}); ${CONNECTIONS} connections, ${SECONDS} s each after ${WARMUP_SECONDS} s of warm-up; calls via ${VIA}${ACCEPT_ENCODING === undefined ? "" : `, Accept-Encoding: ${ACCEPT_ENCODING}`}; server LOG_LEVEL ${LOG_LEVEL}\n`,
  );
  // The users take turns, each through its calls in order, whichever connection is free: an even mix. The
  // requests are encoded once, before the timing: this client shares the cores with the server.
  const requestsOf = users
    .map((user) =>
      user.calls
        .map((call) => ({
          name: `${user.kind} ${call.name}`,
          ...callRequest(call),
          headers: {
            cookie: user.cookie,
            origin: baseUrl,
            ...(ACCEPT_ENCODING === undefined ? {} : { "accept-encoding": ACCEPT_ENCODING }),
          },
        }))
        .filter(({ name }) => ONLY === null || ONLY.test(name)),
    )
    .filter((requests) => requests.length > 0);
  if (requestsOf.length === 0) throw new Error(`--only ${ONLY}: no call matches`);
  let turns = 0;
  const userTurns = requestsOf.map(() => 0);
  return () => {
    const index = turns++ % requestsOf.length;
    const requests = requestsOf[index] as (typeof requestsOf)[number];
    return requests[(userTurns[index] as number)++ % requests.length] as (typeof requests)[number];
  };
}

/** Issue 33's money mix (money-mix.ts): the users' reads in turns, and every tenth request a write. */
async function moneyLoad(baseUrl: string, databaseUrl: string, database: string): Promise<() => Planned> {
  await seedMoneyScaleInto(databaseUrl);
  const mix = await planMoneyMix(databaseUrl, baseUrl, VIA as "rest" | "trpc", async (login) => {
    const user = await logIn(baseUrl, { kind: "brand", login, calls: [] });
    if (!user) throw new Error(`login of ${login} failed`);
    return user.cookie;
  });
  const reads = mix.reads
    .map((requests) =>
      requests
        .map((request) =>
          ACCEPT_ENCODING === undefined
            ? request
            : { ...request, headers: { ...request.headers, "accept-encoding": ACCEPT_ENCODING } },
        )
        .filter(({ name }) => ONLY === null || ONLY.test(name)),
    )
    .filter((requests) => requests.length > 0);
  if (reads.length === 0) throw new Error(`--only ${ONLY}: no read matches`);
  console.log(
    `built server ${baseUrl}, database ${database}; the money mix of ${mix.users.join(", ")} (money scale seed): ${reads.reduce((n, requests) => n + requests.length, 0)} reads and ${mix.writes.length} writes, one request in ${WRITE_EVERY} a write; ${CONNECTIONS} connections, ${SECONDS} s each after ${WARMUP_SECONDS} s of warm-up; reads via ${VIA}; server LOG_LEVEL ${LOG_LEVEL}\n`,
  );
  let turn = 0;
  let reader = 0;
  let writer = 0;
  const userTurns = reads.map(() => 0);
  return () => {
    turn += 1;
    if (turn % WRITE_EVERY === 0) return (mix.writes[writer++ % mix.writes.length] as () => Planned)();
    const index = reader++ % reads.length;
    const requests = reads[index] as Planned[];
    return requests[(userTurns[index] as number)++ % requests.length] as Planned;
  };
}

/** One built server, or INSTANCES of them behind haproxy: where to send the load, and whose CPU to read. */
async function startServers(env: Record<string, string>) {
  if (INSTANCES === null) {
    const server = await startBuiltServer(env, { quiet: true });
    return { ...server, pids: [server.pid] };
  }
  const cluster = await startCluster({ instances: INSTANCES, env, quiet: true });
  console.log(`${INSTANCES} instance(s) behind haproxy at ${cluster.baseUrl}`);
  return { ...cluster, pids: cluster.instances.map((instance) => instance.pid) };
}

async function main(): Promise<void> {
  const server = await startServers(MIX === "money" ? { LOG_LEVEL, RATE_LIMIT_SCALE: "10000" } : { LOG_LEVEL });
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    agent.destroy();
    await server.stop();
  };
  process.once("SIGINT", () => {
    void stop().finally(() => process.exit(130));
  });
  const admin = postgres(process.env.TEST_DATABASE_URL as string, { max: 1, onnotice: () => {} });
  try {
    if (!server.databaseUrl) throw new Error("the bench measures PostgreSQL: set TEST_DATABASE_URL");
    const database = new URL(server.databaseUrl).pathname.slice(1);
    if (SCALE_INFLUENCERS > 0) await seedScale(server.databaseUrl, SCALE_INFLUENCERS);
    const context = { baseUrl: server.baseUrl, admin, database, pids: server.pids };
    const next =
      MIX === "money"
        ? await moneyLoad(server.baseUrl, server.databaseUrl, database)
        : await discoveryLoad(server.baseUrl, server.databaseUrl, database);
    const mixed = await phase("mixed", context, next);
    const health = await phase("health", context, () => ({
      name: "health",
      method: "GET",
      path: "/health",
      headers: {},
    }));
    console.log(
      `\nmixed / health: ${(mixed / health).toFixed(3)} (${MIX === "money" ? "issue 33's target: p99 within 100 ms at 100 connections, no error" : "issue 17's target: 0.4 or more"})`,
    );
  } finally {
    await admin.end();
    await stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
