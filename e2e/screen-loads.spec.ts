import { DAY_MS } from "@market/contracts";
import type { Locator, Page } from "@playwright/test";
import { brandWithCampaign, campaignOf, propose } from "./support/checkout-steps";
import { moveClock, resetClock } from "./support/server-clock";
import { expect, type TestUser, test } from "./support/users";

/**
 * Each screen in one round trip (issue 33): a route's loader asks for the screen's queries at once, in one /trpc
 * batch, and a link's hover (intent) asks beforehand, so the click paints the screen from the cache. The loading
 * placeholders all read "Loading…" ("Loading your campaign…" in the edit wizard) in a status (the lists' skeletons,
 * the pages' and the chat's loading lines).
 */

/** The procedures of each /trpc query request (GET; a mutation is a POST) the page sends from now on. */
function trpcQueries(page: Page): string[][] {
  const sent: string[][] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (request.method() !== "GET" || !url.pathname.startsWith("/trpc/")) return;
    sent.push(decodeURIComponent(url.pathname.slice("/trpc/".length)).split(","));
  });
  return sent;
}

/** The requests that asked for any of the screen's procedures. */
const asking = (sent: string[][], procedures: readonly string[]) =>
  sent.filter((paths) => paths.some((path) => procedures.includes(path)));

/**
 * Whether a loading placeholder shows in the page's main region from now on, however briefly: a mutation observer
 * in the page notes it (a check after the content showed would miss a flash).
 */
async function watchLoading(page: Page): Promise<() => Promise<boolean>> {
  await page.evaluate(`(() => {
    window.sawLoading = false;
    const main = document.getElementById("main");
    const check = () => {
      for (const status of main.querySelectorAll('[role="status"]')) {
        if (/^Loading\\b.*…$/.test(status.textContent.trim())) window.sawLoading = true;
      }
    };
    new MutationObserver(check).observe(main, { childList: true, subtree: true, characterData: true });
  })()`);
  return () => page.evaluate<boolean>("window.sawLoading");
}

/** The answer to a /trpc request that asked for the procedure (a link's preload). */
const answerTo = (page: Page, procedure: string) =>
  page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname.startsWith("/trpc/") && decodeURIComponent(url.pathname).split(/[/,]/).includes(procedure);
  });

interface Screen {
  /** Opens the page the link is on, its content shown. */
  start: () => Promise<void>;
  /**
   * Shows the link, once the requests are watched: a menu opened from the keyboard focuses its first item, whose
   * focus is an intent that preloads (so it must count as the click's own batch).
   */
  reveal?: () => Promise<void>;
  link: () => Locator;
  /** The screen's main data, painted. */
  content: () => Locator;
  /** What the screen reads at mount. */
  procedures: readonly string[];
}

/** Clicking the link (cold cache) sends the screen's queries in one request, and paints no loading placeholder. */
async function clickLoadsInOneBatch(page: Page, screen: Screen) {
  await screen.start();
  const sent = trpcQueries(page);
  const sawLoading = await watchLoading(page);
  await screen.reveal?.();
  await screen.link().click();
  await expect(screen.content()).toBeVisible();
  const requests = asking(sent, screen.procedures);
  expect(requests, "the requests that asked for the screen's data").toHaveLength(1);
  expect(requests[0]).toEqual(expect.arrayContaining([...screen.procedures]));
  expect(await sawLoading(), "a loading placeholder showed").toBe(false);
}

/** Hovering the link asks for the screen's data; the click then paints it from the cache, asking nothing again. */
async function hoverPreloads(page: Page, screen: Screen) {
  await screen.start();
  const [first] = screen.procedures;
  const preloaded = answerTo(page, first as string);
  await screen.link().hover();
  await preloaded;
  const sent = trpcQueries(page);
  const sawLoading = await watchLoading(page);
  await screen.link().click();
  await expect(screen.content()).toBeVisible();
  expect(asking(sent, screen.procedures), "the screen's data asked again after the preload").toEqual([]);
  expect(await sawLoading(), "a loading placeholder showed").toBe(false);
}

const header = (page: Page, name: string) =>
  page.getByRole("navigation", { name: "Main" }).getByRole("link", { name, exact: true });

/** A brand whose campaign has the influencer's proposal: its applications list has one card, its page a chat. */
async function brandWithApplicant(users: Parameters<typeof brandWithCampaign>[0], influencer: TestUser) {
  const brand = await brandWithCampaign(users, "Screen loads");
  const id = await propose(influencer, campaignOf(brand).id, { text: "A proposal to load at once." });
  return { brand, id };
}

test.describe("each screen in one round trip", () => {
  test("the brand's applications list, from the header", async ({ page, users, influencer }) => {
    const { brand, id } = await brandWithApplicant(users, influencer);
    await brand.signIn(page);
    const screen: Screen = {
      start: async () => {
        await page.goto("/campaigns");
        await expect(page.getByRole("heading", { level: 1, name: "Campaigns" })).toBeVisible();
        await expect(page.getByText(campaignOf(brand).title)).toBeVisible();
      },
      link: () => header(page, "Applications"),
      content: () => page.locator(`[aria-labelledby="application-${id}-title"]`),
      procedures: ["applications.list"],
    };
    await clickLoadsInOneBatch(page, screen);
    await hoverPreloads(page, screen);
  });

  test("an application page with its chat, from a list's card", async ({ page, users, influencer }) => {
    const { brand, id } = await brandWithApplicant(users, influencer);
    await brand.signIn(page);
    const screen: Screen = {
      start: async () => {
        await page.goto("/applications");
        await expect(page.getByTestId("application-card")).toHaveCount(1);
      },
      link: () => page.getByTestId("application-card").getByRole("link", { name: influencer.username }),
      content: () => page.getByTestId("chat-message").filter({ hasText: "A proposal to load at once." }),
      procedures: ["applications.get", "chat.page"],
    };
    await clickLoadsInOneBatch(page, screen);
    await expect(page).toHaveURL(new RegExp(`/applications/${id}$`));
    await expect(page.getByRole("heading", { level: 1, name: `Application of ${influencer.username}` })).toBeVisible();
    await hoverPreloads(page, screen);
  });

  test("the influencer's earnings with the payout tracker, from the header", async ({ page, users, influencer }) => {
    const brand = await brandWithCampaign(users, "Earnings at once");
    await users.hire(brand, influencer, { released: true });
    await influencer.signIn(page);
    const screen: Screen = {
      start: async () => {
        await page.goto("/proposals");
        await expect(page.getByTestId("application-card")).toHaveCount(1);
      },
      link: () => header(page, "Earnings"),
      content: () => page.getByRole("row").filter({ hasText: campaignOf(brand).title }),
      procedures: ["earnings.list", "earnings.payouts"],
    };
    await clickLoadsInOneBatch(page, screen);
    await expect(page.getByTestId("earnings-balance")).toHaveText("$360.00");
    await hoverPreloads(page, screen);
  });

  test("the campaign's edit wizard, from the campaign list's menu", async ({ page, users }) => {
    const brand = await brandWithCampaign(users, "Edit at once");
    const { title } = campaignOf(brand);
    await brand.signIn(page);
    // Only the click: the campaign stays in the cache afterwards (fresh for 30 s), so a hover would ask nothing.
    await clickLoadsInOneBatch(page, {
      start: async () => {
        await page.goto("/campaigns");
        await expect(page.getByText(title)).toBeVisible();
      },
      reveal: async () => {
        // From the keyboard: a pointer crossing the campaign's card would preload its page, campaign included.
        await page.getByRole("button", { name: `Actions for ${title}` }).press("Enter");
        await expect(page.getByRole("menuitem", { name: "Edit" })).toBeVisible();
      },
      link: () => page.getByRole("menuitem", { name: "Edit" }),
      content: () => page.getByTestId("wizard-ready"),
      procedures: ["deals.get"],
    });
    await expect(page.getByRole("heading", { level: 1, name: "Edit campaign" })).toBeVisible();
  });

  test("a page whose object does not exist asks for it once, not once more when it mounts", async ({ page, brand }) => {
    await brand.signIn(page);
    await page.goto("/campaigns");
    await expect(page.getByRole("heading", { level: 1, name: "Campaigns" })).toBeVisible();
    const sent = trpcQueries(page);
    // Another brand's application, or none: the loader's answer is the page's.
    await page.goto("/applications/2000000000");
    await expect(page.getByText("This application does not exist or is not yours.")).toBeVisible();
    await page.goto("/campaigns/2000000000");
    await expect(page.getByText("This campaign does not exist.")).toBeVisible();
    await page.screenshot({ path: "test-results/screenshots/missing-campaign.png" });
    expect(asking(sent, ["applications.get"])).toHaveLength(1);
    expect(asking(sent, ["deals.get"])).toHaveLength(1);
  });

  test.describe("with the server's clock moved", () => {
    // The clock is the whole server's: set it back to real time after the test, whatever happened.
    test.afterEach(({ playwright, baseURL }) => resetClock(playwright, baseURL));

    test("the brand's feedback page, from its application", async ({ page, users, influencer }) => {
      const brand = await brandWithCampaign(users, "Feedback at once");
      const { id } = await users.hire(brand, influencer, { released: true });
      // Feedback opens more than 7 days after the release (spec section 7).
      await moveClock(brand.api, { advanceMs: 8 * DAY_MS });
      await brand.signIn(page);
      const screen: Screen = {
        start: async () => {
          await page.goto(`/applications/${id}`);
          await expect(page.getByTestId("leave-feedback")).toBeVisible();
        },
        link: () => page.getByTestId("leave-feedback"),
        content: () => page.getByRole("button", { name: "Send the feedback" }),
        procedures: ["applications.feedback"],
      };
      await clickLoadsInOneBatch(page, screen);
      await expect(page).toHaveURL(new RegExp(`/applications/${id}/feedback$`));
      await hoverPreloads(page, screen);
    });
  });
});
