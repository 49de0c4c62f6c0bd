// End-to-end run: build the product, start it on a fresh database seeded with the demo marketplace, run
// Playwright in Debian's Chromium against it, then stop the server and drop the database.
import { spawnSync } from "node:child_process";
import { startBuiltServer } from "./built-server.mjs";

const log = (message) => console.log(`[e2e] ${message}`);

if (process.env.E2E_SKIP_BUILD !== "1") {
  log("building");
  const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const startedAt = Date.now();
let server;
try {
  server = await startBuiltServer({
    // The routes under /api/test: mails the server recorded, and fresh signed-in accounts (e2e/support/users.ts).
    E2E_TEST_ROUTES: "1",
    // The production build, but not NODE_ENV=production, which refuses the test routes.
    NODE_ENV: "test",
    // Every spec signs in from 127.0.0.1: the per-address login and sign-up limits would trip mid-run.
    RATE_LIMIT_SCALE: "100",
    // The payout sandbox pays a second after sending (30 s by default); POST /api/test/sweeps runs the worker now.
    SANDBOX_PAYOUT_DELAY_MS: "1000",
  });
} catch (error) {
  console.error(error);
  process.exit(1);
}

let status = 1;
try {
  log(`server healthy at ${server.baseUrl} after ${Date.now() - startedAt} ms`);
  const playwright = spawnSync("npx", ["playwright", "test", ...process.argv.slice(2)], {
    stdio: "inherit",
    env: { ...process.env, E2E_BASE_URL: server.baseUrl },
  });
  status = playwright.status ?? 1;
} finally {
  await server.stop();
}
process.exit(status);
