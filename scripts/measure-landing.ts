/**
 * `npx tsx scripts/measure-landing.ts [--url http://127.0.0.1:3000]`: the bytes a visitor's first load of /find
 * transfers, as Debian's Chromium counts them on the wire (Network.loadingFinished encodedDataLength: compressed
 * body plus response headers), split by kind, beside the decoded body sizes and the request count.
 * Without --url it starts the built server (run `npm run build` first) on a fresh database with the demo data.
 */
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { startBuiltServer } from "./built-server.mjs";
import { chromiumArgs, chromiumPath } from "./chromium.mjs";

const KINDS = ["html", "js", "css", "api", "other"] as const;
type Kind = (typeof KINDS)[number];

/** Chromium's resource types (Network.ResourceType) grouped as the report shows them. */
function kindOf(resourceType: string): Kind {
  switch (resourceType) {
    case "Document":
      return "html";
    case "Script":
      return "js";
    case "Stylesheet":
      return "css";
    case "XHR":
    case "Fetch":
      return "api";
    default:
      return "other";
  }
}

interface Totals {
  requests: number;
  wire: number;
  decoded: number;
}

async function measure(baseUrl: string): Promise<Record<Kind, Totals>> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    // A new context has an empty cache and no cookies: a visitor's first load.
    const context = await browser.newContext();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });

    const kinds = new Map<string, Kind>();
    const decoded = new Map<string, number>();
    const wire = new Map<string, number>();
    cdp.on("Network.requestWillBeSent", (event) => kinds.set(event.requestId, kindOf(event.type ?? "Other")));
    cdp.on("Network.dataReceived", (event) =>
      decoded.set(event.requestId, (decoded.get(event.requestId) ?? 0) + event.dataLength),
    );
    cdp.on("Network.loadingFinished", (event) => wire.set(event.requestId, event.encodedDataLength));

    await page.goto(`${baseUrl}/find`, { waitUntil: "networkidle" });

    const totals = Object.fromEntries(KINDS.map((kind) => [kind, { requests: 0, wire: 0, decoded: 0 }])) as Record<
      Kind,
      Totals
    >;
    for (const [requestId, bytes] of wire) {
      const row = totals[kinds.get(requestId) ?? "other"];
      row.requests += 1;
      row.wire += bytes;
      row.decoded += decoded.get(requestId) ?? 0;
    }
    return totals;
  } finally {
    await browser.close();
  }
}

function print(totals: Record<Kind, Totals>) {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const all = Object.values(totals).reduce(
    (sum, row) => ({
      requests: sum.requests + row.requests,
      wire: sum.wire + row.wire,
      decoded: sum.decoded + row.decoded,
    }),
    { requests: 0, wire: 0, decoded: 0 },
  );
  const rows = [...KINDS.map((kind) => [kind, totals[kind]] as const), ["total", all] as const];
  console.log(`${"kind".padEnd(6)}${"requests".padStart(10)}${"on the wire".padStart(14)}${"decoded".padStart(12)}`);
  for (const [kind, row] of rows) {
    console.log(
      `${kind.padEnd(6)}${String(row.requests).padStart(10)}${kb(row.wire).padStart(14)}${kb(row.decoded).padStart(12)}`,
    );
  }
}

const { values } = parseArgs({ options: { url: { type: "string" } } });
const server = values.url ? undefined : await startBuiltServer();
try {
  const baseUrl = values.url ?? server?.baseUrl ?? "";
  console.log(`First load of ${baseUrl}/find as a visitor:`);
  print(await measure(baseUrl));
} finally {
  await server?.stop();
}
