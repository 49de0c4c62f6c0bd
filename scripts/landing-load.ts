/**
 * A visitor's first load of /find as Debian's Chromium sees it on the wire, shared by the report
 * (scripts/measure-landing.ts) and the CI budget (e2e/landing-budget.spec.ts).
 */
import type { Browser } from "@playwright/test";

export const KINDS = ["html", "js", "css", "api", "other"] as const;
export type Kind = (typeof KINDS)[number];

/**
 * The most JS a visitor's first load of /find may transfer, compressed as on the wire (Chromium takes brotli from
 * the built server): issue 17's 170 KB. The landing weighed 163.1 KB when the range sliders became native inputs.
 */
export const LANDING_JS_BUDGET_BYTES = 170 * 1024;

export interface LoadedResource {
  url: string;
  kind: Kind;
  /** Network.loadingFinished encodedDataLength: compressed body plus response headers. */
  wire: number;
  decoded: number;
}

export interface LandingLoad {
  resources: LoadedResource[];
  /** From navigation start to the first paint of the page's h1, in ms. */
  h1PaintMs: number;
}

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

const MARK_H1_PAINT = `
  const observer = new MutationObserver(() => {
    if (!document.querySelector("h1")) return;
    observer.disconnect();
    requestAnimationFrame(() => requestAnimationFrame(() => performance.mark("landing-h1")));
  });
  observer.observe(document, { childList: true, subtree: true });
`;

export async function measureLandingLoad(browser: Browser, baseUrl: string): Promise<LandingLoad> {
  // A new context has an empty cache and no cookies: a visitor's first load.
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });

    const requests = new Map<string, { url: string; kind: Kind }>();
    const decoded = new Map<string, number>();
    const wire = new Map<string, number>();
    cdp.on("Network.requestWillBeSent", (event) =>
      requests.set(event.requestId, { url: event.request.url, kind: kindOf(event.type ?? "Other") }),
    );
    cdp.on("Network.dataReceived", (event) =>
      decoded.set(event.requestId, (decoded.get(event.requestId) ?? 0) + event.dataLength),
    );
    cdp.on("Network.loadingFinished", (event) => wire.set(event.requestId, event.encodedDataLength));

    // Notes when an h1 first shows: two animation frames after the one that inserted it, i.e. once painted.
    // A string, as it runs in the page, whose DOM names this Node-typed file does not know.
    await page.addInitScript({ content: MARK_H1_PAINT });

    await page.goto(`${baseUrl}/find`, { waitUntil: "networkidle" });
    await page.waitForFunction(() => performance.getEntriesByName("landing-h1").length > 0);
    const h1PaintMs = await page.evaluate(() => performance.getEntriesByName("landing-h1")[0]?.startTime ?? Number.NaN);

    const resources = [...wire].map(([requestId, bytes]) => {
      const request = requests.get(requestId) ?? { url: "?", kind: "other" as const };
      return { ...request, wire: bytes, decoded: decoded.get(requestId) ?? 0 };
    });
    return { resources, h1PaintMs };
  } finally {
    await context.close();
  }
}
