// End-to-end run: build the product, start it on fresh databases seeded with the demo marketplace, one server per
// Playwright worker, run Playwright in Debian's Chromium against them, then stop the servers and drop the databases.
import { spawnSync } from "node:child_process";
import { startBuiltServer } from "./built-server.mjs";

const log = (message) => console.log(`[e2e] ${message}`);

/**
 * Playwright's workers (E2E_WORKERS, 1 unless told), each on a server and database of its own (playwright.config.ts
 * reads E2E_BASE_URLS): specs that move the server's clock or run its sweeps (e2e/support/server-clock.ts) then
 * touch no other worker's tests. Two help only on a machine with CPU to spare: on the shared 2-core machine at load
 * 30 they took as long as one (17.6 min against 16.9) and two tests ran past their 30 s timeout.
 */
const workers = Number(process.env.E2E_WORKERS ?? 1);
if (!Number.isInteger(workers) || workers < 1) {
  console.error(`E2E_WORKERS must be a positive integer: ${process.env.E2E_WORKERS}`);
  process.exit(1);
}

if (process.env.E2E_SKIP_BUILD !== "1") {
  log("building");
  const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const startedAt = Date.now();
const start = () =>
  startBuiltServer({
    // The routes under /api/test: mails the server recorded, and fresh signed-in accounts (e2e/support/users.ts).
    E2E_TEST_ROUTES: "1",
    // The production build, but not NODE_ENV=production, which refuses the test routes.
    NODE_ENV: "test",
    // Every spec signs in from 127.0.0.1: the per-address login and sign-up limits would trip mid-run.
    RATE_LIMIT_SCALE: "100",
    // The payout sandbox pays a second after sending (30 s by default); POST /api/test/sweeps runs the worker now.
    SANDBOX_PAYOUT_DELAY_MS: "1000",
  });
const starts = await Promise.allSettled(Array.from({ length: workers }, start));
const servers = starts.filter((started) => started.status === "fulfilled").map((started) => started.value);
const failed = starts.find((started) => started.status === "rejected");
if (failed) {
  console.error(failed.reason);
  await Promise.all(servers.map((server) => server.stop()));
  process.exit(1);
}

let status = 1;
try {
  const baseUrls = servers.map((server) => server.baseUrl);
  log(`${servers.length} server(s) healthy at ${baseUrls.join(", ")} after ${Date.now() - startedAt} ms`);
  const playwright = spawnSync("npx", ["playwright", "test", ...process.argv.slice(2)], {
    stdio: "inherit",
    env: { ...process.env, E2E_BASE_URLS: baseUrls.join(",") },
  });
  status = playwright.status ?? 1;
} finally {
  await Promise.all(servers.map((server) => server.stop()));
}
process.exit(status);
