// Starts the built server (apps/server/dist/main.js) on a free port and a fresh database, for the browser tests
// (scripts/e2e.mjs), the transfer measure (scripts/measure-landing.ts) and the load bench (scripts/bench-load.ts).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";

/**
 * node's arguments in `npm run serve` (package.json), the production command: the tests and benches run the server
 * with the same flags (the young generation's size among them) as a deployment does.
 */
export const SERVE_ARGS = (() => {
  const { scripts } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
  const [command, ...args] = scripts.serve.split(" ");
  if (command !== "node" || args.at(-1) !== "apps/server/dist/main.js") {
    throw new Error(`package.json's serve script must be "node [flags] apps/server/dist/main.js": ${scripts.serve}`);
  }
  return args;
})();

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * A new PostgreSQL database when TEST_DATABASE_URL is set, else an embedded one in a temporary folder: `env` is what a
 * server on it needs (DATABASE_URL or DATA_DIR, and the files' folder), `drop()` removes it all.
 * @returns {Promise<{ env: Record<string, string>, url: string | null, drop: () => Promise<void> }>}
 */
export async function freshDatabase() {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const dataDir = mkdtempSync(join(tmpdir(), "market-e2e-"));
    return {
      env: { DATA_DIR: dataDir },
      url: null,
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `e2e_${randomBytes(6).toString("hex")}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // The uploaded files (DATA_DIR/files) in a folder of this server's own: two servers at once (the e2e run's
  // workers) would otherwise share the checkout's .data/files, where their databases' ids collide.
  const dataDir = mkdtempSync(join(tmpdir(), "market-e2e-files-"));
  return {
    env: { DATABASE_URL: url.toString(), SEED_DEMO: "true", DATA_DIR: dataDir },
    url: url.toString(),
    drop: async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function waitForHealth(baseUrl, server, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null)
      throw new Error(`server exited with ${server.exitCode ?? server.signalCode}`);
    try {
      const response = await fetch(`${baseUrl}/health`);
      if (response.ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server not healthy within ${timeoutMs} ms`);
}

/**
 * Starts the built server in production mode (unless `env` sets NODE_ENV) on a fresh database seeded with the demo
 * marketplace and waits until GET /health answers. `stop()` ends the server and drops the database; it is also
 * called when the start fails. `pid` is the server's process (the load bench reads its CPU in /proc) and
 * `databaseUrl` its PostgreSQL database (null on the embedded one); `signal(name)` sends the server a signal without
 * stopping the run (the drain test), and `exited` resolves with how the process ended.
 * @param {Record<string, string>} [env] extra environment for the server
 * @param {{ quiet?: boolean }} [options] quiet: the server's standard output (its logs) goes to /dev/null, so that a
 *   benchmark pays for logging as a server does without flooding the terminal
 * @returns {Promise<{ baseUrl: string, pid: number, databaseUrl: string | null, stop: () => Promise<void>,
 *   signal: (name: NodeJS.Signals) => void, exited: Promise<{ code: number | null, signal: string | null }> }>}
 */
export async function startBuiltServer(env = {}, options = {}) {
  const database = await freshDatabase();
  let server;
  try {
    server = await spawnBuiltServer({ ...database.env, ...env }, options);
  } catch (error) {
    await database.drop();
    throw error;
  }
  const stop = async () => {
    await server.stop();
    await database.drop();
  };
  return {
    baseUrl: server.baseUrl,
    pid: server.pid,
    databaseUrl: database.url,
    stop,
    signal: server.signal,
    exited: server.exited,
  };
}

/**
 * Starts one built server on the database `env` names (freshDatabase's env; several servers may share one: the
 * cluster of scripts/cluster.ts) and waits until GET /health answers. `stop(signal)` sends the signal (SIGTERM unless
 * told) and waits for the process to end; `signal(name)` sends one and returns; `exited` resolves with how it ended.
 * @param {Record<string, string>} env the database's environment and any extra settings
 * @param {{ quiet?: boolean, port?: number }} [options]
 * @returns {Promise<{ baseUrl: string, port: number, pid: number, exited: Promise<{ code: number | null, signal: string | null }>, stop: (signal?: NodeJS.Signals) => Promise<void>, signal: (name: NodeJS.Signals) => void }>}
 */
export async function spawnBuiltServer(env, options = {}) {
  const port = options.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  // BUILT_SERVER_NODE_ARGS: flags for the server's node, such as `--cpu-prof --cpu-prof-dir=/tmp/profile` to profile
  // it under a benchmark (the profile is written when it stops).
  const nodeArgs = process.env.BUILT_SERVER_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
  const server = spawn("node", [...nodeArgs, ...SERVE_ARGS], {
    // options.cwd: the folder holding apps/server/dist/main.js, this checkout's unless given (the image's /app laid
    // out by scripts/container-build.mjs).
    cwd: options.cwd,
    stdio: ["ignore", options.quiet ? "ignore" : "inherit", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      LOG_LEVEL: "warn",
      PUBLIC_URL: baseUrl,
      // Production refuses to start without one; a fresh one per run, as nothing here forges a search id.
      SEARCH_ID_SECRET: randomBytes(32).toString("hex"),
      // Nor without Stripe, unless told: a benchmark of the build on this machine pays through the sandbox.
      PAYMENTS_SANDBOX_IN_PRODUCTION: "1",
      // Nor without the key of the stored OAuth tokens; networks not configured link through their sandbox here.
      NETWORK_TOKEN_KEY: randomBytes(32).toString("hex"),
      NETWORKS_SANDBOX_IN_PRODUCTION: "1",
      // No balancer in front to see /readyz fail first: stop() needs no drain delay (5 s in production otherwise).
      DRAIN_DELAY_MS: "0",
      ...env,
    },
  });
  let stopping = false;
  const exited = new Promise((resolve) => server.once("exit", (code, signal) => resolve({ code, signal })));
  // A server that ends on its own mid-run leaves later tests with "connection refused" only: say how it ended
  // (an exit code from the process, or the signal that killed it, e.g. SIGKILL from the out-of-memory killer).
  void exited.then(({ code, signal }) => {
    if (!stopping) console.error(`[built-server] the server ended on its own: exit code ${code}, signal ${signal}`);
  });
  const stop = async (signal = "SIGTERM") => {
    stopping = true;
    // Ended already, by an exit or by a signal (exitCode stays null then), or wait for it.
    if (server.exitCode === null && server.signalCode === null) server.kill(signal);
    await exited;
  };
  try {
    await waitForHealth(baseUrl, server, 120_000);
  } catch (error) {
    await stop();
    throw error;
  }
  // Sends a signal without waiting for the end (the drain test watches what follows); `exited` says how it ended.
  const signal = (name) => {
    stopping = true;
    server.kill(name);
  };
  return { baseUrl, port, pid: server.pid, exited, stop, signal };
}
