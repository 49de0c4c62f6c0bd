import {
  DAY_MS,
  DEFAULT_FEE_PERCENT,
  formatUsd,
  HOUR_MS,
  influencerNetCents,
  RELEASE_WINDOW_MS,
  SANDBOX_TEST_CARDS,
} from "@market/contracts";
import type { Page } from "@playwright/test";
import { brandWithCampaign, campaignOf, payAsBrand, propose } from "./support/checkout-steps";
import { deliverHired } from "./support/deliver";
import { ok } from "./support/envelope";
import { moveClock, resetClock, runSweeps } from "./support/server-clock";
import { expect, type TestUser, test, type Users } from "./support/users";

/**
 * After the payment: work done, the brand's release, the automatic release at the end of the 10-day window (the
 * server's clock moved by POST /api/test/clock, the sweeps run by POST /api/test/sweeps) and the brand's contest.
 * The delivery actions go through their REST routes; the pages show their outcome as each party reads it.
 */

/** The hire's price P: Instagram $100 and YouTube $300, both ticked at the checkout. */
const PRICE_CENTS = 40_000;
/** What the influencer earns from it: I = P less their fee (the test accounts' fee is the default). */
const EARNED_CENTS = influencerNetCents(PRICE_CENTS, DEFAULT_FEE_PERCENT);

const balanceOf = async (influencer: TestUser) =>
  (await ok<{ balanceCents: number }>(influencer.api.get("/api/balance"), "GET /api/balance")).balanceCents;

/**
 * A hire in progress of a new brand: the influencer proposes on its campaign, the brand pays $440 with 4242 in the
 * checkout and the page says hired. Returns the brand, the application and the influencer's balance before.
 */
async function hire(page: Page, users: Users, influencer: TestUser) {
  const brand = await brandWithCampaign(users, "Release");
  const id = await propose(influencer, campaignOf(brand).id);
  await payAsBrand(page, brand, id, SANDBOX_TEST_CARDS.succeeds);
  await expect(page.getByTestId("application-status")).toHaveAttribute("data-status", "PROGRESS");
  return { brand, id, before: await balanceOf(influencer) };
}

/** A hire in progress whose influencer has then said the work is done: the 10-day window starts. */
async function hireDone(page: Page, users: Users, influencer: TestUser) {
  const hired = await hire(page, users, influencer);
  await deliverHired(influencer.api, hired.id);
  return hired;
}

test.describe("work done and the release", () => {
  // The clock is the whole server's: set it back to real time after each test, whatever happened. The sweeps also
  // settle the demo marketplace's hires once the clock has moved: each test reads its own application only.
  test.afterEach(({ playwright, baseURL }) => resetClock(playwright, baseURL));

  test("the influencer marks the work done, the brand releases, the influencer's balance grows by I", async ({
    page,
    users,
    influencer,
  }) => {
    const { brand, id, before } = await hire(page, users, influencer);
    // Nothing delivered yet: the brand may release, but there is no content to approve.
    await expect(page.getByTestId("release")).toHaveText("Release the money");
    await deliverHired(influencer.api, id);
    await page.reload();
    await expect(page.getByTestId("release")).toHaveText("Approve and release");

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
    await expect(page.getByTestId("header-balance")).toHaveText(formatUsd(before + EARNED_CENTS));
  });

  test("the money is released automatically once the 10-day window has ended", async ({ page, users, influencer }) => {
    const { id, before } = await hireDone(page, users, influencer);

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
    const { brand, id, before } = await hireDone(page, users, influencer);
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
    const { brand, id, before } = await hire(page, users, influencer);

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
      "The platform refunded $440.00 to the brand: the hire is cancelled.",
    );
    expect(await balanceOf(influencer)).toBe(before);
  });
});
