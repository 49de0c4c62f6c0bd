/**
 * `npx tsx scripts/click-to-content.ts [--runs 5] [--only <regexp>] [--root <dir>]`: how long each signed-in screen
 * takes from the click on its link to its main data painted, in Debian's Chromium (issue 33). Run `npm run build`
 * first: it measures the built server and web app of `--root` (default: this checkout), so that a build of another
 * commit in a git worktree (`git worktree add /tmp/wt-before <commit>`) gives the "before" of a change.
 *
 * It starts the built server (scripts/built-server.mjs) on a fresh PostgreSQL database with the demo seed
 * (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres, dropped at the end), signs in the demo
 * brand and then the demo influencer (POST /api/login in the browser's context, so the page has the session), and
 * for every screen reachable by a header link or a list's card clicks that link `--runs` times in each of two ways:
 * - click: the page the link is on is opened afresh (a full load, so the query cache is empty), then the link is
 *   clicked, as a first visit does;
 * - hover+click: the same, but the pointer rests on the link first and the click waits until the requests the
 *   hover started (the router's intent preload of the screen's data) have answered, as a user who reads the link
 *   before clicking it does.
 * The time is taken in the page, on the clock of the click event (event.timeStamp), up to the first animation frame
 * in which the screen's content selector is in the document (that frame is the one that paints it). A mutation
 * observer notes whether a loading placeholder (a role=status reading "Loading…", apps/web/src/ui/query-states.tsx
 * and the lists' skeletons) showed between the click and the content: after a hover it should never, the data being
 * in the cache already.
 *
 * It prints, per screen and way, the median, min and max in ms and how many runs showed a placeholder, and the load
 * average before and after (the machine is shared: times follow what else runs).
 */
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { type BrowserContext, chromium, type Locator, type Page } from "@playwright/test";
import postgres from "postgres";
import { loadAverage } from "./bench-http";
import { startBuiltServer } from "./built-server.mjs";
import { chromiumArgs, chromiumPath } from "./chromium.mjs";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "5" },
    /** A regular expression over the screens' names ("brand Campaigns", "influencer Earnings"...). */
    only: { type: "string" },
    /** The checkout whose build (apps/server/dist, apps/web/dist) to serve. */
    root: { type: "string" },
  },
});
const RUNS = Number(values.runs);
if (!Number.isInteger(RUNS) || RUNS < 1 || RUNS > 50) throw new Error("--runs: 1 to 50");
const ONLY = values.only === undefined ? null : new RegExp(values.only);
const DEMO_PASSWORD = "demo-password";
/** The longest a screen may take before the run counts as failed (a wrong selector, a broken screen). */
const CONTENT_TIMEOUT_MS = 15_000;

process.env.TEST_DATABASE_URL ??= "postgres://postgres@127.0.0.1:5432/postgres";
// The server's command (package.json's serve) names apps/server/dist/main.js from the working directory.
if (values.root !== undefined) process.chdir(resolve(values.root));

/** The ids a screen without a card to click needs: the campaign page's link to its applicants needs applicants. */
interface Ids {
  campaignWithApplicants: number;
}

async function idsOf(databaseUrl: string): Promise<Ids> {
  const db = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const idOf = async (username: string) => {
      const [row] = await db<{ id: number }[]>`select id from users where username = ${username}`;
      if (!row) throw new Error(`no ${username} in the database`);
      return row.id;
    };
    const brandId = await idOf("demobrand");
    const [campaign] = await db<{ id: number }[]>`
      select deal_id as id from applications where brand_id = ${brandId}
      group by deal_id order by count(*) desc, deal_id desc limit 1`;
    if (!campaign) throw new Error("the demo brand has no campaign with applicants");
    return { campaignWithApplicants: campaign.id };
  } finally {
    await db.end();
  }
}

interface Screen {
  name: string;
  /** The page the link is on, opened afresh before each run. */
  from: string;
  /** Shown on that page once it has loaded (so the link is there and its own loading is over). */
  fromReady: string;
  link: (page: Page) => Locator;
  /** The screen's main data: absent from the page the link is on, present once the screen painted its data. */
  content: string;
}

const header = (name: string) => (page: Page) =>
  page.getByRole("navigation", { name: "Main" }).getByRole("link", { name, exact: true });
const inMain = (selector: string) => (page: Page) => page.locator(`#main ${selector}`).first();
const testId = (id: string) => `[data-testid="${id}"]`;
/** A page with no data of its own: the neutral start of the header's links. */
const HELP = { brand: "/help", influencer: "/help-center" } as const;
const HELP_READY = "#main h1";

function brandScreens(ids: Ids): Screen[] {
  const fromHelp = (name: string, content: string): Screen => ({
    name: `brand ${name}`,
    from: HELP.brand,
    fromReady: HELP_READY,
    link: header(name),
    content,
  });
  return [
    fromHelp("Campaigns", testId("campaign-card")),
    {
      name: "brand campaign page (card)",
      from: "/campaigns",
      fromReady: testId("campaign-card"),
      link: inMain(`${testId("campaign-card")} a[href^="/campaigns/"]`),
      content: "#campaign-title",
    },
    {
      name: "brand campaign's applicants",
      from: `/campaigns/${ids.campaignWithApplicants}`,
      fromReady: "#campaign-title",
      link: inMain(`a[href="/campaigns/${ids.campaignWithApplicants}/applications"]`),
      content: testId("application-card"),
    },
    {
      name: "brand campaign's edit wizard",
      from: `/campaigns/${ids.campaignWithApplicants}`,
      fromReady: "#campaign-title",
      link: inMain(`a[href="/campaigns/${ids.campaignWithApplicants}/edit"]`),
      content: testId("wizard-step-done"),
    },
    fromHelp("Applications", testId("application-card")),
    {
      name: "brand application page (card)",
      from: "/applications",
      fromReady: testId("application-card"),
      link: inMain(`${testId("application-card")} a[href^="/applications/"]`),
      content: testId("chat-message"),
    },
    fromHelp("Find influencers", testId("influencer-card")),
    {
      name: "brand influencer profile (card)",
      from: "/find",
      fromReady: testId("influencer-card"),
      link: inMain(`${testId("influencer-card")} a[href^="/influencers/"]`),
      content: testId("profile-network"),
    },
    fromHelp("Hires", "#main tbody tr"),
    fromHelp("Settings", "#main form input"),
  ];
}

function influencerScreens(): Screen[] {
  const fromHelp = (name: string, content: string): Screen => ({
    name: `influencer ${name}`,
    from: HELP.influencer,
    fromReady: HELP_READY,
    link: header(name),
    content,
  });
  return [
    fromHelp("Find deals", testId("deal-item")),
    {
      name: "influencer deal page (card)",
      from: "/search",
      fromReady: testId("deal-item"),
      link: inMain(`${testId("deal-item")} a[href^="/deals/"]`),
      content: testId("deal-description"),
    },
    fromHelp("Proposals", testId("application-card")),
    {
      name: "influencer proposal page (card)",
      from: "/proposals",
      fromReady: testId("application-card"),
      link: inMain(`${testId("application-card")} a[href^="/proposals/"]`),
      content: testId("chat-message"),
    },
    fromHelp("Earnings", "#main tbody tr"),
    {
      name: "influencer payout page",
      from: "/earnings",
      fromReady: testId("earnings-balance"),
      link: inMain('a[href="/earnings/payout"]'),
      content: testId("payout-balance"),
    },
    fromHelp("Profile", testId("profile-network")),
    fromHelp("Account", testId("own-network")),
    {
      name: "influencer account's profile tab",
      from: "/account",
      fromReady: testId("own-network"),
      // A tab (a button that sets ?p=profile), not a link: no hover preload to expect.
      link: (page) => page.locator("#main").getByRole("tab", { name: "Profile", exact: true }),
      content: "#main form input",
    },
  ];
}

/**
 * Installs the watch in the page: the click's time (its event's timeStamp, on performance.now()'s clock), the first
 * animation frame with the content in the document, and whether a loading placeholder showed in between.
 */
async function arm(page: Page, content: string) {
  // A string, as the scripts' types know no DOM (as e2e/screen-loads.spec.ts watches its placeholders).
  await page.evaluate(`(() => {
    const selector = ${JSON.stringify(content)};
    const state = { clickedAt: -1, paintedAt: -1, sawLoading: false };
    window.clickToContent = state;
    const main = document.getElementById("main") ?? document.body;
    const observer = new MutationObserver(() => {
      if (state.clickedAt < 0 || state.paintedAt >= 0) return;
      for (const status of main.querySelectorAll('[role="status"]')) {
        if (status.textContent.includes("Loading…")) state.sawLoading = true;
      }
    });
    observer.observe(main, { childList: true, subtree: true, characterData: true });
    // The time the frame's callback runs, not its timestamp: that is the frame's start, which may precede the click
    // handled in the same frame (a screen painted from the cache would then count below zero).
    const poll = () => {
      if (document.querySelector(selector)) {
        state.paintedAt = performance.now();
        observer.disconnect();
        return;
      }
      requestAnimationFrame(poll);
    };
    document.addEventListener(
      "click",
      (event) => {
        state.clickedAt = event.timeStamp;
        requestAnimationFrame(poll);
      },
      { capture: true, once: true },
    );
  })()`);
}

/** Resolves once no /trpc request of the page has been in flight for a while (the hover's preload answered). */
async function trpcSettled(page: Page, inFlight: () => number) {
  const quietMs = 150;
  const deadline = Date.now() + 5_000;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    if (inFlight() > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
    await page.waitForTimeout(25);
  }
}

interface Sample {
  ms: number;
  sawLoading: boolean;
}

async function measure(page: Page, screen: Screen, hover: boolean, inFlight: () => number): Promise<Sample> {
  await page.goto(screen.from);
  await page.locator(screen.fromReady).first().waitFor({ timeout: CONTENT_TIMEOUT_MS });
  if ((await page.locator(screen.content).count()) > 0) {
    throw new Error(`${screen.name}: "${screen.content}" is on ${screen.from} already`);
  }
  const link = screen.link(page);
  await link.waitFor({ timeout: CONTENT_TIMEOUT_MS });
  // The start page's own requests (notifications, balance) are over before the watch starts.
  await trpcSettled(page, inFlight);
  if (hover) {
    await link.hover();
    // A request starts once the pointer has rested on the link for the router's preload delay (50 ms).
    await page.waitForTimeout(150);
    await trpcSettled(page, inFlight);
  }
  await arm(page, screen.content);
  await link.click();
  // A function, not a string: the app's Content-Security-Policy refuses a string polled in the page (eval).
  await page.waitForFunction(
    () => (globalThis as unknown as { clickToContent: { paintedAt: number } }).clickToContent.paintedAt >= 0,
    undefined,
    { timeout: CONTENT_TIMEOUT_MS, polling: 50 },
  );
  const state = await page.evaluate<{ clickedAt: number; paintedAt: number; sawLoading: boolean }>(
    "window.clickToContent",
  );
  return { ms: state.paintedAt - state.clickedAt, sawLoading: state.sawLoading };
}

interface Row {
  name: string;
  way: string;
  samples: Sample[];
}

async function measureAs(context: BrowserContext, baseUrl: string, login: string, screens: Screen[]): Promise<Row[]> {
  const response = await context.request.post(`${baseUrl}/api/login`, {
    headers: { origin: baseUrl },
    data: { login, password: DEMO_PASSWORD },
  });
  if (response.status() !== 200) throw new Error(`login of ${login} failed (${response.status()})`);
  const page = await context.newPage();
  let inFlight = 0;
  const isTrpc = (url: string) => new URL(url).pathname.startsWith("/trpc/");
  page.on("request", (request) => {
    if (isTrpc(request.url())) inFlight += 1;
  });
  const settle = (request: { url: () => string }) => {
    if (isTrpc(request.url())) inFlight -= 1;
  };
  page.on("requestfinished", settle);
  page.on("requestfailed", settle);
  const rows: Row[] = [];
  for (const screen of screens) {
    const click: Row = { name: screen.name, way: "click", samples: [] };
    const hover: Row = { name: screen.name, way: "hover+click", samples: [] };
    // Alternated, so that a slow minute of the machine weighs on both ways alike.
    for (let run = 0; run < RUNS; run++) {
      click.samples.push(await measure(page, screen, false, () => inFlight));
      hover.samples.push(await measure(page, screen, true, () => inFlight));
    }
    rows.push(click, hover);
    print([click, hover]);
  }
  await page.close();
  return rows;
}

function print(rows: Row[]) {
  for (const { name, way, samples } of rows) {
    const sorted = samples.map((sample) => sample.ms).sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
    const ms = (n: number | undefined) => `${Math.round(n ?? Number.NaN)}`.padStart(7);
    const loading = samples.filter((sample) => sample.sawLoading).length;
    console.log(
      `${name.padEnd(36)}${way.padEnd(13)}${ms(median)}${ms(sorted[0])}${ms(sorted.at(-1))}${`${loading}/${samples.length}`.padStart(9)}`,
    );
  }
}

const HEADING = `${"screen".padEnd(36)}${"way".padEnd(13)}${"median".padStart(7)}${"min".padStart(7)}${"max".padStart(7)}${"loading".padStart(9)}`;

const server = await startBuiltServer({}, { quiet: true });
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
try {
  if (server.databaseUrl === null) throw new Error("TEST_DATABASE_URL must name a PostgreSQL server");
  const ids = await idsOf(server.databaseUrl);
  const wanted = (screens: Screen[]) => screens.filter((screen) => ONLY === null || ONLY.test(screen.name));
  console.log(`build of ${process.cwd()}, ${RUNS} runs each, ms from the click to the content's frame`);
  console.log(`load average before: ${loadAverage()}`);
  console.log(HEADING);
  const rows: Row[] = [];
  for (const [login, screens] of [
    ["demobrand", wanted(brandScreens(ids))],
    ["demoinfluencer", wanted(influencerScreens())],
  ] as const) {
    if (screens.length === 0) continue;
    const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1280, height: 900 } });
    rows.push(...(await measureAs(context, server.baseUrl, login, screens)));
    await context.close();
  }
  console.log(`load average after: ${loadAverage()}`);
  console.log(`\n${HEADING}`);
  print(rows);
} finally {
  await browser.close();
  await server.stop();
}
