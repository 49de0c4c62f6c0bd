/**
 * `DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx scripts/bench-socket-flood.ts [--sockets 8000]
 * [--rate 800] [--scale 1]`: one signed-in user opening WebSockets as fast as it can (the issue's flood: 8,000
 * sockets on one session were all accepted, the server's RSS went from 122 to 474 MB and /health took 0.98 s).
 *
 * It starts the server from source (apps/server/src/main.ts in development mode, with `npm run serve`'s node flags)
 * on a free loopback port and a scratch PostgreSQL database (scratch-database.ts), signs a brand up, then opens
 * `sockets` sockets with its session cookie and the site's Origin, alternately on /notifications and /trpc, `rate`
 * a second, and keeps those accepted open until the end. Meanwhile it asks GET /health every 100 ms and reads the
 * server's RSS (/proc/<pid>/status). It prints how many sockets were accepted and how the others were refused (429
 * before the handshake, 4429 just after), the server's RSS before, at its peak and after, /health's p50 and max
 * before and during the flood, and the load average beside them. `--scale 10000` (RATE_LIMIT_SCALE) multiplies the
 * socket limits by 10,000 (100,000 a session): the server as it was without them. Bounded: at most 20,000 sockets
 * and 120 s, loopback only.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { createServer } from "node:net";
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import WebSocket from "ws";
import { withScratchDatabase } from "./scratch-database";

const { values } = parseArgs({
  options: {
    sockets: { type: "string", default: "8000" },
    rate: { type: "string", default: "800" },
    scale: { type: "string", default: "1" },
  },
});
const SOCKETS = Math.min(Number(values.sockets), 20_000);
const RATE = Number(values.rate);
const BENCH_TIMEOUT_MS = 120_000;
const SAMPLE_MS = 100;
const HOST = "127.0.0.1";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");
const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

function latencies(ms: number[]): string {
  const sorted = [...ms].sort((a, b) => a - b);
  const p50 = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
  return `${ms.length} calls, p50 ${p50.toFixed(1)} ms, max ${(sorted.at(-1) ?? Number.NaN).toFixed(1)} ms`;
}

/** The server's resident memory, in KB. */
const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);

function call(
  url: string,
  options: { method?: string; body?: unknown } = {},
): Promise<{ status: number; cookie: string | undefined }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, {
      method: options.method ?? "GET",
      headers: options.body === undefined ? {} : { "content-type": "application/json" },
    });
    request.on("response", (response) => {
      response.resume();
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, cookie: response.headers["set-cookie"]?.[0]?.split(";")[0] }),
      );
    });
    request.on("error", reject);
    request.end(options.body === undefined ? undefined : JSON.stringify(options.body));
  });
}

type Outcome = "accepted" | "4429" | `http ${number}` | "error";

/** Opens one socket; resolves with what became of it once that is known (open sockets stay open). */
function openOne(url: string, cookie: string, origin: string, sockets: WebSocket[]): Promise<Outcome> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url, { headers: { cookie, origin } });
    socket.on("error", () => resolve("error"));
    socket.once("unexpected-response", (_request, response) => {
      resolve(`http ${response.statusCode ?? 0}`);
      socket.terminate();
    });
    socket.once("close", (code) => resolve(code === 4429 ? "4429" : "error"));
    socket.once("open", () => {
      sockets.push(socket);
      // A socket refused for its session opens and is closed at once: accepted only if still open a moment later.
      setTimeout(() => resolve(socket.readyState === WebSocket.OPEN ? "accepted" : "4429"), 200);
    });
  });
}

async function flood(databaseUrl: string): Promise<void> {
  const port = await freePort();
  const origin = `http://${HOST}:${port}`;
  const env = {
    ...process.env,
    NODE_ENV: "development",
    HOST,
    PORT: String(port),
    PUBLIC_URL: origin,
    DATABASE_URL: databaseUrl,
    SEED_DEMO: "false",
    LOG_LEVEL: "warn",
    RATE_LIMIT_SCALE: values.scale,
  };
  const serverArgs = ["--max-semi-space-size=64", "--import", "tsx", "apps/server/src/main.ts"];
  const server = spawn(process.execPath, serverArgs, { env, stdio: ["ignore", "ignore", "inherit"] });
  const pid = server.pid ?? 0;
  const sockets: WebSocket[] = [];
  const deadline = setTimeout(() => {
    console.error(`timed out after ${BENCH_TIMEOUT_MS} ms`);
    server.kill("SIGKILL");
    process.exit(1);
  }, BENCH_TIMEOUT_MS);
  try {
    for (let ready = false; !ready; await sleep(200)) {
      ready = await call(`${origin}/health`).then(
        ({ status }) => status === 200,
        () => false,
      );
    }
    const signUp = await call(`${origin}/api/signup`, {
      method: "POST",
      body: {
        kind: "brand",
        username: "flood",
        email: "flood@bench.example",
        password: "flood-password",
        brandName: "Flood",
      },
    });
    if (!signUp.cookie) throw new Error(`sign-up answered ${signUp.status} without a session cookie`);
    const cookie = signUp.cookie;
    await sleep(1_000);
    const idle: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      const started = performance.now();
      await call(`${origin}/health`);
      idle.push(performance.now() - started);
      await sleep(SAMPLE_MS);
    }
    const rssBefore = rssKb(pid);
    const loadBefore = load();

    let rssPeak = rssBefore;
    const health: number[] = [];
    let flooding = true;
    const sampling = (async () => {
      while (flooding) {
        const started = performance.now();
        await call(`${origin}/health`);
        health.push(performance.now() - started);
        rssPeak = Math.max(rssPeak, rssKb(pid));
        await sleep(SAMPLE_MS);
      }
    })();

    const outcomes = new Map<Outcome, number>();
    const started = performance.now();
    const attempts: Promise<void>[] = [];
    for (let i = 0; i < SOCKETS; i += 1) {
      // At RATE a second whatever the answers, so that runs with and without the limits offer the same load.
      const wait = started + (i * 1000) / RATE - performance.now();
      if (wait > 0) await sleep(wait);
      const url = `ws://${HOST}:${port}${i % 2 === 0 ? "/notifications" : "/trpc"}`;
      attempts.push(
        openOne(url, cookie, origin, sockets).then((outcome) => {
          outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
        }),
      );
    }
    await Promise.all(attempts);
    const floodMs = performance.now() - started;
    await sleep(1_000);
    flooding = false;
    await sampling;
    const rssAfter = rssKb(pid);

    const open = sockets.filter((socket) => socket.readyState === WebSocket.OPEN).length;
    console.log(
      `sockets tried: ${SOCKETS} in ${(floodMs / 1000).toFixed(1)} s, ${RATE}/s (RATE_LIMIT_SCALE ${values.scale})`,
    );
    console.log(`outcomes: ${[...outcomes].map(([outcome, count]) => `${outcome} ${count}`).join(", ")}`);
    console.log(`still open at the end: ${open}`);
    console.log(`server RSS: before ${mb(rssBefore)}, peak ${mb(rssPeak)}, after ${mb(rssAfter)}`);
    console.log(`/health before the flood: ${latencies(idle)}; during it: ${latencies(health)}`);
    console.log(`load average: before ${loadBefore}, after ${load()}`);
  } finally {
    clearTimeout(deadline);
    for (const socket of sockets) socket.terminate();
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
  }
}

await withScratchDatabase({ prefix: "market_bench_flood", max: 2, keep: false }, (_handle, url) => flood(url));
