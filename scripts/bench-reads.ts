/**
 * `npx tsx scripts/bench-reads.ts [--seconds 8] [--warmup 2] [--connections 30] [--scale] [--all-variants]
 * [--via trpc|rest] [--only <regexp>] [--health-every 10] [--log-level info]`: what each signed-in read of the
 * brand's and the influencer's screens costs next to a bare `GET /health` (issue 33). Run `npm run build` first: it
 * measures the built server.
 *
 * Like scripts/bench-load.ts it starts apps/server/dist/main.js in production mode on a fresh PostgreSQL database
 * with the demo seed (scripts/built-server.mjs; TEST_DATABASE_URL names the server, default
 * postgres://postgres@127.0.0.1:5432/postgres; the database is dropped at the end) and logs in the demo brand and
 * influencer. With `--scale` the money scale seed (scripts/seed-money-scale.ts) is added first and its two users are
 * measured too: money_influencer (2,000 applications, 20,000 notifications) and money_brand (500 hires).
 *
 * Each read runs alone, as one user, at `--connections` keep-alive connections for `--seconds` after `--warmup`
 * seconds not counted; `GET /health` runs the same way first and again after every `--health-every` reads, and each
 * read's share is its req/s over the last /health figure (the machine's load drifts over a long run). The reads
 * (`--via trpc`, default, as the web app's httpBatchLink sends them: GET, superjson, a batch of one; `--via rest`
 * calls the REST routes of docs/api.md instead, where one exists: the notifications have none):
 * - both: the search of the kind (the deal search for an influencer, the influencer search for a brand), named
 *   "(yardstick)": the issue's bar is that a read costs no more than the searches;
 * - both: the applications list (every filter with the kind's default sort, and the other sorts over all; with
 *   `--all-variants` every filter with every sort of the kind), an application's page and its chat page (the user's
 *   application with the most chat messages), the notifications list (the bell's) and the unread count alone
 *   (notifications.list with limit 1: the count has no read of its own), the settings;
 * - a brand: a campaign's applicants (the campaign with the most; three variants, every one with --all-variants), the
 *   hires, the public profile of an influencer (the demo influencer's for the demo brand, money_influencer's at scale);
 * - an influencer: the earnings, the payouts tracker, the balance, the own profile, the networks;
 * - the demo admin (issue 36's console): the queue counts, the dashboard, a user search, the audit view;
 * - issue 40's: the demo brand's reports (30 days, a campaign), and the demo brand's profile and reviews as read by
 *   the demo influencer.
 * `--only` keeps the reads whose name ("demobrand applications.list waiting time_p"...) the expression matches.
 *
 * A read repeated by one user is answered from the server's user reads cache where it keeps one (the application
 * lists, a campaign's applicants, the hires, the earnings, the payouts, the reports: docs/architecture.md), as a
 * screen read again is; scripts/queries-per-request.ts counts a first read's statements.
 *
 * It prints, as a markdown table: the read, req/s, share of /health, p50, p99, errors and the answer's size (the last
 * answer's bytes), with the load average before and after the run.
 */
import { Agent } from "node:http";
import { parseArgs } from "node:util";
import { drive, loadAverage, type Planned, percentile, sendWith } from "./bench-http";
import { startBuiltServer } from "./built-server.mjs";
import { CONSOLE_READS, planMoneyReads, planReputationReads, readRequest, type Subject } from "./money-reads";
import { seedMoneyScaleInto } from "./seed-money-scale";

const { values } = parseArgs({
  options: {
    connections: { type: "string", default: "30" },
    seconds: { type: "string", default: "8" },
    warmup: { type: "string", default: "2" },
    scale: { type: "boolean", default: false },
    "all-variants": { type: "boolean", default: false },
    via: { type: "string", default: "trpc" },
    only: { type: "string" },
    "health-every": { type: "string", default: "10" },
    "log-level": { type: "string", default: "info" },
  },
});
const CONNECTIONS = Number(values.connections);
const SECONDS = Number(values.seconds);
const WARMUP_SECONDS = Number(values.warmup);
const HEALTH_EVERY = Number(values["health-every"]);
const VIA = ((via) => {
  if (via !== "rest" && via !== "trpc") throw new Error("--via: rest or trpc");
  return via;
})(values.via);
const LOG_LEVEL = values["log-level"];
const ONLY = values.only === undefined ? null : new RegExp(values.only);
const ALL_VARIANTS = values["all-variants"];
// Bounds, so that a typo cannot leave the machine loaded for an hour.
if (!Number.isInteger(CONNECTIONS) || CONNECTIONS < 1 || CONNECTIONS > 500) throw new Error("--connections: 1 to 500");
if (!(SECONDS > 0 && SECONDS <= 120)) throw new Error("--seconds: above 0, at most 120");
if (!(WARMUP_SECONDS >= 0 && WARMUP_SECONDS <= 60)) throw new Error("--warmup: 0 to 60");
if (!Number.isInteger(HEALTH_EVERY) || HEALTH_EVERY < 1) throw new Error("--health-every: 1 or more");
if (!["trace", "debug", "info", "warn", "error", "fatal", "silent"].includes(LOG_LEVEL)) {
  throw new Error("--log-level: one of pino's levels");
}
const DEMO_PASSWORD = "demo-password";

process.env.TEST_DATABASE_URL ??= "postgres://postgres@127.0.0.1:5432/postgres";

const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS, maxFreeSockets: CONNECTIONS });

async function logIn(baseUrl: string, username: string): Promise<string> {
  const response = await sendWith(
    agent,
    baseUrl,
    "POST",
    "/api/login",
    { origin: baseUrl },
    JSON.stringify({ login: username, password: DEMO_PASSWORD }),
  );
  const setCookie = response.headers["set-cookie"];
  if (response.status !== 200 || !setCookie) throw new Error(`login of ${username} failed (${response.status})`);
  return setCookie.map((line) => line.split(";")[0]).join("; ");
}

interface Row {
  name: string;
  perSecond: number;
  health: number | null;
  p50: number;
  p99: number;
  errors: string;
  bytes: number;
}

/** Warm-up, then `SECONDS` of the one request over every connection. */
async function measure(baseUrl: string, request: Planned): Promise<Omit<Row, "health">> {
  const next = () => request;
  if (WARMUP_SECONDS > 0) await drive(agent, baseUrl, CONNECTIONS, WARMUP_SECONDS * 1000, next);
  const tally = await drive(agent, baseUrl, CONNECTIONS, SECONDS * 1000, next);
  const sorted = tally.latencies.sort((a, b) => a - b);
  return {
    name: request.name,
    perSecond: sorted.length / SECONDS,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    errors: [...tally.errors].map(([what, n]) => `${n} × ${what.replace(` ${request.name}`, "")}`).join(", ") || "0",
    bytes: tally.bytesByRoute.get(request.name) ?? 0,
  };
}

const cell = (n: number, digits = 0) =>
  n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });

async function main(): Promise<void> {
  const loadAtStart = loadAverage();
  const server = await startBuiltServer({ LOG_LEVEL }, { quiet: true });
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
  try {
    if (!server.databaseUrl) throw new Error("the bench measures PostgreSQL: set TEST_DATABASE_URL");
    if (values.scale) await seedMoneyScaleInto(server.databaseUrl);
    const subjects: (Omit<Subject, "kind"> & { kind: Subject["kind"] | "admin" })[] = [
      ...(await planMoneyReads(server.databaseUrl, { scale: values.scale, allVariants: ALL_VARIANTS })),
      ...(await planReputationReads(server.databaseUrl)),
      { kind: "admin", username: "admin", reads: CONSOLE_READS },
    ];
    const requests: Planned[] = [];
    for (const subject of subjects) {
      const cookie = await logIn(server.baseUrl, subject.username);
      for (const read of subject.reads) {
        const request = readRequest(read, `${subject.username} ${read.name}`, { cookie, origin: server.baseUrl }, VIA);
        if (ONLY === null || ONLY.test(request.name)) requests.push(request);
      }
    }
    if (requests.length === 0) throw new Error(`--only ${ONLY}: no read matches`);
    console.log(
      `built server ${server.baseUrl}, pid ${server.pid}; ${requests.length} reads of ${subjects.map((s) => `${s.username} (${s.kind})`).join(", ")}${values.scale ? " with the money scale seed" : ""}; each alone at ${CONNECTIONS} connections for ${SECONDS} s after ${WARMUP_SECONDS} s of warm-up, via ${VIA}; /health every ${HEALTH_EVERY} reads; server LOG_LEVEL ${LOG_LEVEL}; load average ${loadAtStart} before the server started, ${loadAverage()} before the first read\n`,
    );
    const health: Planned = { name: "GET /health", method: "GET", path: "/health", headers: {} };
    const rows: Row[] = [];
    let lastHealth = 0;
    for (const [index, request] of requests.entries()) {
      if (index % HEALTH_EVERY === 0) {
        const row = await measure(server.baseUrl, health);
        lastHealth = row.perSecond;
        rows.push({ ...row, health: null });
        console.log(`  ${row.name}: ${cell(row.perSecond)} req/s (load average ${loadAverage()})`);
      }
      const row = await measure(server.baseUrl, request);
      rows.push({ ...row, health: lastHealth });
      console.log(`  ${row.name}: ${cell(row.perSecond)} req/s, p99 ${cell(row.p99, 1)} ms`);
    }
    const closing = await measure(server.baseUrl, health);
    rows.push({ ...closing, health: null });
    console.log(`\n| read | req/s | share of /health | p50 | p99 | errors | answer |\n|---|---|---|---|---|---|---|`);
    for (const row of rows) {
      const share = row.health === null ? "(reference)" : `${(row.perSecond / row.health).toFixed(2)}x`;
      console.log(
        `| ${row.name} | ${cell(row.perSecond)} | ${share} | ${cell(row.p50, 1)} ms | ${cell(row.p99, 1)} ms | ${row.errors} | ${cell(row.bytes)} B |`,
      );
    }
    const measured = rows.filter((row) => row.health !== null && !row.name.endsWith("(yardstick)"));
    const failing = measured.filter(
      (row) => row.perSecond / (row.health as number) < 0.4 || row.p99 > 50 || row.errors !== "0",
    );
    const yardsticks = rows.filter((row) => row.name.endsWith("(yardstick)"));
    const slowest = Math.min(...yardsticks.map((row) => row.perSecond / (row.health as number)));
    const belowSearches = measured.filter((row) => row.perSecond / (row.health as number) < slowest);
    const besideSearches =
      yardsticks.length === 0
        ? ""
        : `; ${measured.length - belowSearches.length} of ${measured.length} hold at least the slowest search's share (${slowest.toFixed(2)}x)`;
    console.log(
      `\n${measured.length - failing.length} of ${measured.length} reads meet issue 33's target (0.4x of /health or more, p99 within 50 ms, no error)${besideSearches}; load average ${loadAverage()} after the run`,
    );
  } finally {
    await stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
