import {
  DAY_MS,
  DEFAULT_FEE_PERCENT,
  HOUR_MS,
  influencerNetCents,
  RELEASE_WINDOW_MS,
  SANDBOX_TEST_CARDS,
} from "@market/contracts";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, type TestUser, test } from "./support/users";

/**
 * After the payment: work done, the brand's release, the automatic release at the end of the 10-day window (the
 * server's clock moved by POST /api/test/clock, the sweeps run by POST /api/test/sweeps) and the brand's contest.
 * The delivery actions go through their REST routes; the pages show their outcome as each party reads it.
 */

interface Envelope<T> {
  status: string;
  data: T;
}

/** The hire's price P: Instagram $100 and YouTube $300, both ticked at the checkout. */
const PRICE_CENTS = 40_000;
/** What the influencer earns from it: I = P less their fee (the test accounts' fee is the default). */
const EARNED_CENTS = influencerNetCents(PRICE_CENTS, DEFAULT_FEE_PERCENT);

async function ok<T>(answer: Promise<{ json(): Promise<unknown> }>, what: string): Promise<T> {
  const body = (await (await answer).json()) as Envelope<T>;
  expect(body, what).toMatchObject({ status: "success" });
  return body.data;
}

const balanceOf = async (influencer: TestUser) =>
  (await ok<{ balanceCents: number }>(influencer.api.get("/api/balance"), "GET /api/balance")).balanceCents;

/**
 * A hire in progress: the influencer proposes on the brand's campaign, the brand pays $440 with 4242 in the
 * checkout, the page says hired.
 */
async function hire(page: Page, brand: TestUser, influencer: TestUser): Promise<number> {
  const campaign = brand.campaigns[0];
  if (!campaign) throw new Error("the brand has no campaign");
  const byType = (type: string) => influencer.networks.find((network) => network.type === type)?.id;
  const { id } = await ok<{ id: number }>(
    influencer.api.post("/api/applications", {
      data: {
        dealId: campaign.id,
        text: "Two posts and a story.",
        expiration: new Date(Date.now() + 20 * DAY_MS).toISOString(),
        prices: [
          { networkId: byType("instagram"), price: 100, creationDays: 3 },
          { networkId: byType("youtube"), price: 300, creationDays: 7 },
        ],
      },
    }),
    "the proposal",
  );
  await brand.signIn(page);
  await page.goto(`/applications/${id}`);
  await page.getByRole("button", { name: "Accept and hire" }).click();
  const dialog = page.getByRole("dialog", { name: "Accept and pay" });
  await dialog.getByLabel("Card number").fill(SANDBOX_TEST_CARDS.succeeds);
  await dialog.getByLabel("Expiry date (MM/YY)").fill(`04${String((new Date().getFullYear() + 2) % 100)}`);
  await dialog.getByLabel("Security code (CVC)").fill("123");
  await dialog.getByRole("button", { name: "Pay $440" }).click();
  await expect(page.getByTestId("application-status")).toHaveAttribute("data-status", "PROGRESS");
  return id;
}

const brandWithCampaign = (users: { create: (kind: "brand", options: object) => Promise<TestUser> }) =>
  users.create("brand", { campaigns: [{ title: `Release ${Date.now()}` }] });

/**
 * Runs the lifecycle sweeps now. What they changed is not counted here: the demo marketplace's hires fall due too
 * once the clock has moved; each test reads its own application instead.
 */
const runSweeps = (api: APIRequestContext) => ok(api.post("/api/test/sweeps"), "the sweeps");

/** Moves the e2e server's clock (never the browser's). */
const moveClock = (api: APIRequestContext, data: object) => ok(api.post("/api/test/clock", { data }), "the clock");

test.describe("work done and the release", () => {
  // The clock is the whole server's: set it back to real time after each test, whatever happened.
  test.afterEach(async ({ playwright, baseURL }) => {
    const origin = new URL(baseURL ?? "").origin;
    const api = await playwright.request.newContext({ baseURL: origin, extraHTTPHeaders: { origin } });
    await moveClock(api, { reset: true });
    await api.dispose();
  });

  test("the influencer marks the work done, the brand releases, the influencer's balance grows by I", async ({
    page,
    users,
    influencer,
  }) => {
    const brand = await brandWithCampaign(users);
    const id = await hire(page, brand, influencer);
    const before = await balanceOf(influencer);

    await ok(influencer.api.post(`/api/applications/${id}/done`), "work done");
    await influencer.signIn(page);
    await page.goto(`/proposals/${id}`);
    await expect(page.getByTestId("application-status")).toContainText("Work done: the money will be released on");
    await expect(page.getByTestId("chat-message").last()).toContainText("The work is done.");

    await ok(brand.api.post(`/api/applications/${id}/release`), "the release");
    await page.reload();
    await expect(page.getByTestId("application-status")).toHaveAttribute("data-status", "COMPLETE");
    await expect(page.getByTestId("application-status")).toContainText("Complete: the money was released.");
    await expect(page.getByTestId("chat-message").last()).toContainText("The brand released the money.");
    expect(await balanceOf(influencer)).toBe(before + EARNED_CENTS);
    const dollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
    await expect(page.getByTestId("header-balance")).toHaveText(dollars.format((before + EARNED_CENTS) / 100));
  });

  test("the money is released automatically once the 10-day window has ended", async ({ page, users, influencer }) => {
    const brand = await brandWithCampaign(users);
    const id = await hire(page, brand, influencer);
    const before = await balanceOf(influencer);
    await ok(influencer.api.post(`/api/applications/${id}/done`), "work done");

    // An hour before the end nothing is due; an hour after, the sweep releases it.
    await moveClock(influencer.api, { advanceMs: RELEASE_WINDOW_MS - HOUR_MS });
    await runSweeps(influencer.api);
    expect(await balanceOf(influencer)).toBe(before);
    await influencer.signIn(page);
    await page.goto(`/proposals/${id}`);
    await expect(page.getByTestId("application-status")).toHaveAttribute("data-status", "PROGRESS");
    await moveClock(influencer.api, { advanceMs: 2 * HOUR_MS });
    await runSweeps(influencer.api);

    await page.reload();
    await expect(page.getByTestId("application-status")).toHaveAttribute("data-status", "COMPLETE");
    await expect(page.getByTestId("chat-message").last()).toContainText(
      "The money was released automatically at the end of the brand's window.",
    );
    expect(await balanceOf(influencer)).toBe(before + EARNED_CENTS);
  });

  test("the brand says the work is not done: the countdown stops and the window's end releases nothing", async ({
    page,
    users,
    influencer,
  }) => {
    const brand = await brandWithCampaign(users);
    const id = await hire(page, brand, influencer);
    const before = await balanceOf(influencer);
    await ok(influencer.api.post(`/api/applications/${id}/done`), "work done");
    await ok(brand.api.post(`/api/applications/${id}/undone`, { data: { text: "Not live yet" } }), "work not done");

    await page.goto(`/applications/${id}`);
    await expect(page.getByTestId("chat-message").last()).toContainText(
      "The brand says the work is not done: the countdown is paused and the platform looks into it.",
    );
    // Paused: the end of the window passes and the money stays held.
    await moveClock(brand.api, { advanceMs: RELEASE_WINDOW_MS + DAY_MS });
    await runSweeps(brand.api);
    await page.reload();
    await expect(page.getByTestId("application-status")).toHaveAttribute("data-status", "PROGRESS");
    expect(await balanceOf(influencer)).toBe(before);
  });

  test("an admin acting as the brand refunds a hire in progress: the brand gets B back, the hire is cancelled", async ({
    page,
    users,
    influencer,
    admin,
  }) => {
    const brand = await brandWithCampaign(users);
    const id = await hire(page, brand, influencer);
    const before = await balanceOf(influencer);

    // Not the brand itself: only an impersonating admin refunds.
    const refused = await (await brand.api.post(`/admin/api/applications/${id}/refund`)).json();
    expect(refused).toMatchObject({ status: "error" });

    await admin.signIn(page);
    await page.goto(`/admin/login?u=b&id=${brand.id}`);
    const refund = await page.request.post(`/admin/api/applications/${id}/refund`, {
      headers: { origin: new URL(page.url()).origin },
    });
    expect(await refund.json()).toMatchObject({ status: "success", data: { id, status: "DENIED" } });
    await page.goto(`/applications/${id}`);
    await expect(page.getByTestId("application-status")).toHaveAttribute("data-status", "DENIED");
    await expect(page.getByTestId("chat-message").last()).toContainText(
      "The platform refunded $440 to the brand: the hire is cancelled.",
    );
    expect(await balanceOf(influencer)).toBe(before);
  });
});
