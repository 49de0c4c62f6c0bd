// `npm test`: unit and integration tests with vitest, then the end-to-end tests in Chromium.
import { spawnSync } from "node:child_process";
import { chromiumPath, hasChromium } from "./chromium.mjs";

const run = (command, args) => spawnSync(command, args, { stdio: "inherit", env: process.env }).status ?? 1;

const started = Date.now();
const vitest = run("npx", ["vitest", "run"]);
if (vitest !== 0) process.exit(vitest);

if (!hasChromium()) {
  const banner = "!".repeat(78);
  const message = `No Chromium at ${chromiumPath}: the end-to-end tests did not run.`;
  if (process.env.CI === "true") {
    console.error(
      `${banner}\n${message}\nCI requires them: install Debian's chromium (apt-get install chromium).\n${banner}`,
    );
    process.exit(1);
  }
  console.warn(`${banner}\n${message}\nInstall Debian's chromium (apt-get install chromium) to run them.\n${banner}`);
  process.exit(0);
}

const e2e = run("node", ["scripts/e2e.mjs"]);
console.log(`npm test finished in ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(e2e);
