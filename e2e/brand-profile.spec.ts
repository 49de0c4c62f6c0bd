import { BRAND_FIGURE_MIN_COUNT } from "@market/contracts";
import { brandWithCampaign, campaignOf } from "./support/checkout-steps";
import { expect, INFLUENCER_NETWORKS, test } from "./support/users";

/**
 * Issue 40, point 2: an influencer reads a brand's reliability before proposing. The deal search's card and the
 * deal page show its short form; the brand's name on the deal page opens its profile, with each figure, the count
 * behind it and how it is computed. A brand below the minimum count shows "Not enough hires yet" instead.
 */
test("an influencer opens a brand's profile from its deal and reads its reliability figures", async ({
  page,
  users,
  influencer,
}) => {
  const brand = await brandWithCampaign(users, "Reliable launch");
  const campaign = campaignOf(brand);
  // Five hires, each worked and released by the brand at once: the figures show from BRAND_FIGURE_MIN_COUNT.
  for (let index = 0; index < BRAND_FIGURE_MIN_COUNT; index += 1) {
    const hired = await users.create("influencer", { networks: INFLUENCER_NETWORKS });
    await users.hire(brand, hired, { released: true });
  }
  await influencer.signIn(page);

  // The search card's short form.
  await page.goto(`/search?query=${encodeURIComponent(campaign.title)}`);
  const card = page.getByTestId("deal-item").filter({ hasText: campaign.title });
  await expect(card.getByTestId("brand-brief")).toHaveText("Releases in a median under an hour · 5 hires");

  // The deal page: the brand's name links to its profile, beside the short form.
  await card.getByRole("link", { name: campaign.title }).click();
  await expect(page.getByTestId("brand-brief")).toHaveText("Releases in a median under an hour · 5 hires");
  await page.getByTestId("deal-brand").click();
  await expect(page).toHaveURL(new RegExp(`/brands/${brand.id}$`));

  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Brand ${brand.username}`);
  await expect(page.getByTestId("brand-hires")).toHaveText("5 hires made");
  const median = page.getByTestId("figure-medianReleaseHours");
  await expect(median.getByTestId("figure-value")).toHaveText("under an hour");
  await expect(median.getByTestId("figure-count")).toHaveText("Over 5 payments");
  await expect(page.getByTestId("figure-automaticReleaseShare").getByTestId("figure-value")).toHaveText("0%");
  await expect(page.getByTestId("figure-contestedShare").getByTestId("figure-value")).toHaveText("0%");
  await expect(page.getByTestId("figure-refundedShare").getByTestId("figure-count")).toHaveText("Over 5 hires");
  // How a figure is computed, behind a disclosure a keyboard opens.
  await median.getByText("How it is computed").focus();
  await page.keyboard.press("Enter");
  await expect(median.getByText(/median time from the influencer's last 'work done'/)).toBeVisible();
  // Its open campaign links back to the deal.
  await expect(page.getByTestId("brand-open-campaigns").getByRole("link", { name: campaign.title })).toBeVisible();
  await page.screenshot({ path: "test-results/screenshots/brand-profile.png", fullPage: true });

  // A brand with one hire: its figures are hidden, with the count so far.
  const newcomer = await brandWithCampaign(users, "Newcomer launch");
  await users.hire(newcomer, await users.create("influencer", { networks: INFLUENCER_NETWORKS }), { released: true });
  await page.goto(`/brands/${newcomer.id}`);
  await expect(page.getByTestId("figure-medianReleaseHours").getByTestId("figure-value")).toHaveText(
    "Not enough hires yet",
  );
  await expect(page.getByTestId("figure-contestedShare").getByTestId("figure-count")).toHaveText(
    `1 hire so far; shown from ${BRAND_FIGURE_MIN_COUNT}`,
  );
});
