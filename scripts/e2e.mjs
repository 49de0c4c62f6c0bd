// End-to-end run: build the product, start it on a fresh database seeded with the demo marketplace, run
// Playwright in Debian's Chromium against it, then stop the server and drop the database.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";

const log = (message) => console.log(`[e2e] ${message}`);

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

async function freshDatabase() {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const dataDir = mkdtempSync(join(tmpdir(), "market-e2e-"));
    return { env: { DATA_DIR: dataDir }, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `e2e_${randomBytes(6).toString("hex")}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString(), SEED_DEMO: "true" },
    drop: async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

async function waitForHealth(baseUrl, server, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/health`);
      if (response.ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server not healthy within ${timeoutMs} ms`);
}

if (process.env.E2E_SKIP_BUILD !== "1") {
  log("building");
  const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const database = await freshDatabase();
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const startedAt = Date.now();
const server = spawn("node", ["apps/server/dist/main.js"], {
  stdio: ["ignore", "inherit", "inherit"],
  env: {
    ...process.env,
    ...database.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    LOG_LEVEL: "warn",
    PUBLIC_URL: baseUrl,
    // Browser tests read reset links from GET /api/test/outbox (the database lives in the server process).
    E2E_MAILBOX: "1",
    // Every spec signs in from 127.0.0.1: the per-address login and sign-up limits would trip mid-run.
    RATE_LIMIT_SCALE: "100",
  },
});

let status = 1;
try {
  await waitForHealth(baseUrl, server, 120_000);
  log(`server healthy at ${baseUrl} after ${Date.now() - startedAt} ms`);
  const playwright = spawnSync("npx", ["playwright", "test", ...process.argv.slice(2)], {
    stdio: "inherit",
    env: { ...process.env, E2E_BASE_URL: baseUrl },
  });
  status = playwright.status ?? 1;
} catch (error) {
  console.error(error);
} finally {
  server.kill("SIGTERM");
  await new Promise((resolve) => (server.exitCode !== null ? resolve() : server.once("exit", resolve)));
  await database.drop();
}
process.exit(status);
