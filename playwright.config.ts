import { defineConfig } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "./scripts/chromium.mjs";

/**
 * Started by scripts/e2e.mjs, which builds the app, starts one server per worker, each on a fresh database, and
 * lists them in E2E_BASE_URLS (comma-separated); E2E_BASE_URL names one server started by hand.
 */
const baseUrls = (process.env.E2E_BASE_URLS ?? process.env.E2E_BASE_URL ?? "http://127.0.0.1:3000").split(",");

/**
 * A worker's server: Playwright numbers its running workers 0..workers-1 (TEST_PARALLEL_INDEX, set in the worker
 * before it loads this file), so each worker talks to its own server all along and no two tests at once share a
 * server's clock, sweeps, mails or database. Files are not run in parallel inside a worker (fullyParallel false).
 */
const baseURL = baseUrls[Number(process.env.TEST_PARALLEL_INDEX ?? 0) % baseUrls.length];

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results/e2e",
  fullyParallel: false,
  workers: baseUrls.length,
  retries: 0,
  timeout: 30_000,
  reporter: [["list"], ["json", { outputFile: "test-results/e2e.json" }]],
  use: {
    baseURL,
    browserName: "chromium",
    viewport: { width: 1280, height: 900 },
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
});
