// `npm test`: the build, then unit, integration and built-server tests with vitest (the last start the build: two
// instances behind a balancer), then the end-to-end tests in Chromium on the same build, then one plain summary
// line over both runners.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { chromiumPath, hasChromium } from "./chromium.mjs";

const VITEST_REPORT = "test-results/vitest.json";
const E2E_REPORT = "test-results/e2e.json";

const run = (command, args) => spawnSync(command, args, { stdio: "inherit", env: process.env }).status ?? 1;
const readJson = (path) => (existsSync(path) ? JSON.parse(readFileSync(path, "utf8")) : null);

function summarize() {
  const vitest = readJson(VITEST_REPORT);
  const e2e = readJson(E2E_REPORT);
  const passed = (vitest?.numPassedTests ?? 0) + (e2e?.stats.expected ?? 0) + (e2e?.stats.flaky ?? 0);
  const failed = (vitest?.numFailedTests ?? 0) + (e2e?.stats.unexpected ?? 0);
  const skipped = (vitest?.numPendingTests ?? 0) + (vitest?.numTodoTests ?? 0) + (e2e?.stats.skipped ?? 0);
  console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
}

const started = Date.now();
rmSync(VITEST_REPORT, { force: true });
rmSync(E2E_REPORT, { force: true });

if (!process.env.TEST_DATABASE_URL) {
  // vitest.config.ts leaves the built-server tests out without PostgreSQL: CI must not.
  const message =
    "TEST_DATABASE_URL is not set: the tests of several instances on PostgreSQL (*.built.test.ts) do not run.";
  if (process.env.CI === "true") {
    console.error(`${message}\nCI requires them.`);
    process.exit(1);
  }
  console.warn(message);
}
const build = run("npm", ["run", "build"]);
const vitest =
  build !== 0
    ? build
    : run("npx", ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${VITEST_REPORT}`]);

let status = vitest;
if (vitest === 0) {
  if (hasChromium()) {
    process.env.E2E_SKIP_BUILD = "1";
    status = run("node", ["scripts/e2e.mjs"]);
  } else {
    const banner = "!".repeat(78);
    const message = `No Chromium at ${chromiumPath}: the end-to-end tests did not run.`;
    if (process.env.CI === "true") {
      console.error(`${banner}\n${message}\nCI requires them: apt-get install chromium.\n${banner}`);
      status = 1;
    } else {
      console.warn(
        `${banner}\n${message}\nInstall Debian's chromium (apt-get install chromium) to run them.\n${banner}`,
      );
    }
  }
}

summarize();
console.log(`npm test finished in ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(status);
