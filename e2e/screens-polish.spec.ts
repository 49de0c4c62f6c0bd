import type { Page } from "@playwright/test";
import { expect, test } from "./support/users";

test("the proposal modal's field messages follow the fields once the form was sent", async ({
  page,
  users,
  influencer,
}) => {
  const brand = await users.create("brand", { campaigns: [{ title: "Trail shoes" }] });
  const [campaign] = brand.campaigns;
  if (!campaign) throw new Error("the brand was made without its campaign");
  await influencer.signIn(page);
  await page.goto(`/deals/${campaign.id}`);
  await page.getByRole("button", { name: "Send a proposal" }).click();
  const modal = page.getByRole("dialog", { name: /Send a proposal/ });
  const price = modal.getByLabel("Price for Instagram");
  const days = modal.getByLabel("Days to create for Instagram");
  const summary = modal.getByTestId("proposal-error");
  const priceMessage = "A whole number of dollars, at least 25.";

  // Nothing is checked while typing before the first send.
  await modal.getByLabel("Message to the brand").fill("I run trails every weekend.");
  await price.fill("24");
  await days.fill("0");
  await expect(price).not.toHaveAttribute("aria-invalid");
  await expect(summary).toBeEmpty();

  await modal.getByRole("button", { name: "Send proposal" }).click();
  await expect(summary).toHaveText("Please correct the fields marked below.");
  await expect(price).toHaveAttribute("aria-invalid", "true");
  await expect(price).toHaveAccessibleDescription(priceMessage);
  await expect(days).toHaveAccessibleDescription("A number of days from 1 to 365.");

  // Fixed, the price loses its message at once; the days keep theirs, and so does the headline.
  await price.fill("150");
  await expect(modal.getByText(priceMessage)).toHaveCount(0);
  await expect(price).not.toHaveAttribute("aria-invalid");
  await expect(price).not.toHaveAttribute("aria-describedby");
  await expect(summary).toHaveText("Please correct the fields marked below.");

  // Wrong in another way, the days get the new message.
  await days.fill("");
  await expect(days).toHaveAccessibleDescription("Enter the days you need to create this content.");
  await expect(days).toHaveAttribute("aria-invalid", "true");

  // All fixed: no mark, no headline.
  await days.fill("7");
  await expect(days).not.toHaveAttribute("aria-invalid");
  await expect(summary).toBeEmpty();
  await expect(modal.locator('[aria-invalid="true"]')).toHaveCount(0);
});

test("arrow steps on a find-influencers slider move it at once and search once the hand stops", async ({ page }) => {
  await page.clock.install();
  await page.goto("/find");
  await expect(page.getByTestId("influencer-card")).toHaveCount(15);
  const searches: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("influencers.search")) searches.push(request.url());
  });
  const historyLength = () => page.evaluate<number>("window.history.length");
  const before = await historyLength();
  const results = page.getByRole("region", { name: "Results" });

  // The page's clock stands still while the keys go down: three steps within the pause, however slow the machine.
  const slider = page.getByRole("slider", { name: "Minimum followers" });
  await slider.focus();
  await page.clock.pauseAt(Date.now() + 60_000);
  for (let step = 0; step < 3; step++) await slider.press("ArrowRight");
  // The thumb shows each step at once.
  await expect(slider).toHaveAttribute("aria-valuetext", "100K");
  await expect(page.getByText("100K – 5M+")).toBeVisible();
  await page.clock.runFor(299);
  await expect(page).not.toHaveURL(/[?&]followers=/);
  expect(searches).toHaveLength(0);
  await page.clock.runFor(1);
  await page.clock.resume();
  await expect(page).toHaveURL(/[?&]followers=100000(%2C|,)5000000/);
  await expect(results).toHaveAttribute("aria-busy", "false");
  await page.waitForTimeout(1_000);
  expect(searches).toHaveLength(1);
  expect(await historyLength()).toBe(before + 1);

  // A list choice still applies at once, and takes a slider step still waiting with it: one search.
  await page.clock.pauseAt(Date.now() + 120_000);
  await slider.press("ArrowLeft");
  await page.getByLabel("Gender").selectOption("female");
  await page.clock.resume();
  await expect(page).toHaveURL(/[?&]gender=female/);
  await expect(page).toHaveURL(/[?&]followers=50000(%2C|,)5000000/);
  await expect(results).toHaveAttribute("aria-busy", "false");
  await page.waitForTimeout(1_000);
  expect(searches).toHaveLength(2);
  expect(await historyLength()).toBe(before + 2);
});

test("the header balance has one label, read the same at every width", async ({ page, influencer }) => {
  await influencer.signIn(page);
  await page.goto("/search");
  const amount = page.getByTestId("header-balance");
  await expect(amount).toHaveText(/^\$\d/);
  const balance = page.getByRole("banner").locator("p", { has: amount });
  const read = `- paragraph: Balance ${await amount.textContent()}`;
  expect(await balance.ariaSnapshot()).toBe(read);
  await page.setViewportSize({ width: 600, height: 900 });
  expect(await balance.ariaSnapshot()).toBe(read);
});

/** Follows each link of the header's main navigation and checks it lands on its own path, not home. */
async function followHeaderLinks(page: Page, names: string[]) {
  const nav = page.getByRole("banner").getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link")).toHaveText(names);
  for (const name of names) {
    const link = nav.getByRole("link", { name, exact: true });
    const href = await link.getAttribute("href");
    await link.click();
    await expect(page).toHaveURL((url) => url.pathname === href);
  }
}

test("every header link of each kind leads to a page that exists", async ({ page, brand, influencer }) => {
  await page.goto("/find");
  await followHeaderLinks(page, ["Find influencers"]);

  await brand.signIn(page);
  await page.goto("/campaigns");
  await followHeaderLinks(page, [
    "Campaigns",
    "Applications",
    "Find influencers",
    "Hires",
    "Reports",
    "Settings",
    "Help",
  ]);

  await influencer.signIn(page);
  await page.goto("/search");
  await followHeaderLinks(page, ["Find deals", "Proposals", "Earnings", "Profile", "Account", "Help center"]);
  // The narrow screen's menu lists the same.
  await page.setViewportSize({ width: 600, height: 900 });
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.getByRole("dialog", { name: "Menu" }).getByRole("link")).toHaveText([
    "Find deals",
    "Proposals",
    "Earnings",
    "Profile",
    "Account",
    "Help center",
  ]);
  await page.keyboard.press("Escape");
  // The sheet is loaded on the first click, yet closing it still gives the focus back to its button.
  await expect(page.getByRole("dialog", { name: "Menu" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();
  // An influencer's profile goes back to their own search, not to a /find they do not have.
  await page.goto("/influencers/1");
  await expect(page.getByRole("link", { name: "Back to the search" })).toHaveAttribute("href", "/search");
});
