/**
 * `npx tsx scripts/measure-landing.ts [--url http://127.0.0.1:3000] [--files]`: the bytes a visitor's first load of
 * /find transfers, as Debian's Chromium counts them on the wire (Network.loadingFinished encodedDataLength:
 * compressed body plus response headers), split by kind, beside the decoded body sizes and the request count, then
 * the time to the h1's paint and, with --files, every JS file. Without --url it starts the built server (run
 * `npm run build` first) on a fresh database with the demo data.
 */
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { startBuiltServer } from "./built-server.mjs";
import { chromiumArgs, chromiumPath } from "./chromium.mjs";
import { KINDS, LANDING_JS_BUDGET_BYTES, type LandingLoad, measureLandingLoad } from "./landing-load";

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function print({ resources, h1PaintMs }: LandingLoad, files: boolean) {
  const sum = (rows: LandingLoad["resources"]) => ({
    requests: rows.length,
    wire: rows.reduce((total, row) => total + row.wire, 0),
    decoded: rows.reduce((total, row) => total + row.decoded, 0),
  });
  const rows = [
    ...KINDS.map((kind) => [kind, sum(resources.filter((row) => row.kind === kind))] as const),
    ["total", sum(resources)] as const,
  ];
  console.log(`${"kind".padEnd(6)}${"requests".padStart(10)}${"on the wire".padStart(14)}${"decoded".padStart(12)}`);
  for (const [kind, row] of rows) {
    console.log(
      `${kind.padEnd(6)}${String(row.requests).padStart(10)}${kb(row.wire).padStart(14)}${kb(row.decoded).padStart(12)}`,
    );
  }
  console.log(`JS budget ${kb(LANDING_JS_BUDGET_BYTES)} on the wire; h1 painted after ${Math.round(h1PaintMs)} ms`);
  if (!files) return;
  const js = resources.filter((row) => row.kind === "js").sort((a, b) => b.wire - a.wire);
  for (const row of js) console.log(`${kb(row.wire).padStart(10)}  ${new URL(row.url).pathname}`);
}

const { values } = parseArgs({ options: { url: { type: "string" }, files: { type: "boolean", default: false } } });
const server = values.url ? undefined : await startBuiltServer();
try {
  const baseUrl = values.url ?? server?.baseUrl ?? "";
  console.log(`First load of ${baseUrl}/find as a visitor:`);
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    print(await measureLandingLoad(browser, baseUrl), values.files ?? false);
  } finally {
    await browser.close();
  }
} finally {
  await server?.stop();
}
