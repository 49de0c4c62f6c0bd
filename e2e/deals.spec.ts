import { DAY_MS, MINUTE_MS } from "@market/contracts";
import type { Page } from "@playwright/test";
import { tinyPng } from "./support/png";
import { expect, type TestUser, test } from "./support/users";

/** The answer envelope of the /api shims. */
interface Envelope<T> {
  status: string;
  data: T;
}

/** The brand creates an open video-games campaign with two images, asking for Instagram and YouTube. */
async function createDealWithImages(brand: TestUser, title: string): Promise<number> {
  const images: string[] = [];
  for (const [name, rgb] of [
    ["red.png", [200, 30, 30]],
    ["blue.png", [30, 30, 200]],
  ] as const) {
    const upload = await brand.api.post("/api/campaigns/images", {
      multipart: { file: { name, mimeType: "image/png", buffer: tinyPng([...rgb]) } },
    });
    images.push(((await upload.json()) as Envelope<{ id: string }>).data.id);
  }
  const created = await brand.api.post("/api/campaigns", {
    data: {
      networks: ["instagram", "youtube"],
      title,
      category: "videogames",
      price: "p250_500",
      deadline: new Date(Date.now() + 30 * DAY_MS).toISOString(),
      link: "https://example.com/arcade",
      images,
      aAbout: "Players of retro arcade games",
      aCountries: ["all"],
      aLanguages: ["en"],
      description: "Show our new arcade stick in a video.\nTwo posts at least.",
    },
  });
  const { data } = (await created.json()) as Envelope<{ id: number }>;
  return data.id;
}

const items = (page: Page) => page.getByTestId("deal-item");

test("an influencer finds a deal, views its images and sends then updates a proposal", async ({
  page,
  brand,
  influencer,
}) => {
  const title = `Arcade stick launch ${Date.now()}`;
  const dealId = await createDealWithImages(brand, title);
  await influencer.signIn(page);

  // Deal search: 10 per page, arrow keys flip pages (the demo marketplace has more than 10 open deals).
  await page.goto("/search");
  await expect(items(page)).toHaveCount(10);
  const firstOnPageOne = await items(page).first().getByRole("link").first().textContent();
  await page.keyboard.press("ArrowRight");
  await expect(page).toHaveURL(/[?&]p=2/);
  await expect(items(page).first().getByRole("link").first()).not.toHaveText(firstOnPageOne ?? "");
  await page.keyboard.press("ArrowLeft");
  await expect(page).not.toHaveURL(/[?&]p=/);
  await expect(items(page).first().getByRole("link").first()).toHaveText(firstOnPageOne ?? "");

  // The sort is in the URL, and a new order starts again from page 1.
  await page.keyboard.press("ArrowRight");
  await expect(page).toHaveURL(/[?&]p=2/);
  await page.getByLabel("Sort by").selectOption("time_m");
  await expect(page).toHaveURL(/[?&]sort=time_m/);
  await expect(page).not.toHaveURL(/[?&]p=/);
  await page.getByLabel("Sort by").selectOption("time_p");
  await expect(page).not.toHaveURL(/[?&]sort=/);

  // Typing in the query box does not flip pages.
  const query = page.getByRole("searchbox").or(page.getByLabel("Search deals")).first();
  await query.fill("zz");
  await query.press("ArrowRight");
  await expect(page).not.toHaveURL(/[?&]p=2/);

  // The category sidebar filters, with the query typed but not yet applied: the box says what the results match.
  await query.fill("arcade stick");
  const sidebar = page.getByRole("navigation", { name: "Categories" });
  await sidebar.getByRole("button", { name: /^Video games/ }).click();
  await expect(page).toHaveURL(/[?&]categories=videogames/);
  await expect(page).toHaveURL(/[?&]query=arcade(\+|%20)stick/);
  await expect(query).toHaveValue("arcade stick");
  await expect(items(page).first()).toContainText("Arcade stick");
  await query.fill("");
  await query.press("Enter");
  await expect(page).not.toHaveURL(/[?&]query=/);
  await expect(sidebar.getByRole("button", { name: /^Video games/ })).toHaveAttribute("aria-pressed", "true");
  const item = items(page).filter({ hasText: title });
  await expect(item).toBeVisible();
  await expect(item.getByText("New", { exact: true })).toBeVisible();
  await page.screenshot({ path: "test-results/screenshots/deal-search.png", fullPage: true });
  await item.getByRole("link", { name: title }).click();

  // The deal page, its carousel and the fullscreen view (keyboard).
  await expect(page).toHaveURL(new RegExp(`/deals/${dealId}$`));
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText("Image 1 of 2")).toBeVisible();
  await page.getByRole("button", { name: "View image 1 fullscreen" }).click();
  const fullscreen = page.getByRole("dialog", { name: "Image 1 of 2" });
  await expect(fullscreen).toBeVisible();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("dialog", { name: "Image 2 of 2" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // A proposal for two networks: first the table's check, then a real send. Escape gives the focus back.
  const send = page.getByRole("button", { name: "Send a proposal" });
  await send.focus();
  await page.keyboard.press("Enter");
  const modal = page.getByRole("dialog", { name: /Send a proposal/ });
  await expect(modal).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(modal).toBeHidden();
  await expect(send).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(modal).toBeVisible();
  await modal.getByLabel("Message to the brand").fill("I review arcade gear every week.");
  await modal.getByRole("button", { name: "Send proposal" }).click();
  await expect(modal.getByText("Please fill at least one line of the table.").first()).toBeVisible();
  await modal.getByLabel("Price for Instagram").fill("24");
  await modal.getByLabel("Days to create for Instagram").fill("5");
  await modal.getByRole("button", { name: "Send proposal" }).click();
  await expect(modal.getByLabel("Price for Instagram")).toHaveAttribute("aria-invalid", "true");
  await modal.getByLabel("Price for Instagram").fill("$1,200");
  await modal.getByLabel("Price for YouTube").fill("300");
  await modal.getByLabel("Days to create for YouTube").fill("10");
  await expect(modal.getByTestId("proposal-total-price")).toContainText("$1,500.00");
  await expect(modal.getByTestId("proposal-fee-percent")).toContainText("10");
  await expect(modal.getByTestId("proposal-total-with-fee")).toContainText("$1,650.00");
  await page.screenshot({ path: "test-results/screenshots/proposal-modal.png" });
  await modal.getByRole("button", { name: "Send proposal" }).click();
  await expect(page.getByText("Your proposal has been sent.", { exact: true })).toBeVisible();
  await expect(modal).toBeHidden();
  const own = page.getByTestId("own-application");
  await expect(own).toContainText("$1,200.00");
  await expect(own).toContainText("$300.00");
  // The panel took the place, and the focus, of the "Send a proposal" button.
  await expect(page.getByTestId("own-application-focus")).toBeFocused();

  // Reopen the deal from the search and update the proposal.
  await page.goto(`/search?categories=videogames`);
  await items(page).filter({ hasText: title }).getByRole("link", { name: title }).click();
  await expect(page.getByTestId("own-application")).toContainText("$1,200.00");
  await page.getByRole("button", { name: "Update my proposal" }).click();
  const update = page.getByRole("dialog", { name: /Update your proposal/ });
  await expect(update.getByLabel("Price for Instagram")).toHaveValue(/1,?200/);
  await update.getByRole("button", { name: "Update proposal" }).click();
  await expect(update.getByText("Please change something.").first()).toBeVisible();
  await update.getByLabel("Price for YouTube").fill("350");
  await update.getByRole("button", { name: "Update proposal" }).click();
  await expect(page.getByText("Your proposal has been updated.", { exact: true })).toBeVisible();
  await expect(page.getByTestId("own-application")).toContainText("$350.00");
  await page.screenshot({ path: "test-results/screenshots/deal-page.png", fullPage: true });

  // The server kept both networks, with the new YouTube price.
  const deal = (await (await page.request.get(`/api/deals/${dealId}`)).json()) as Envelope<{
    application: { status: string; prices: { network: string; price: number; creationDays: number }[] };
  }>;
  expect(deal.data.application.status).toBe("WAITING");
  expect(deal.data.application.prices).toEqual([
    expect.objectContaining({ network: "instagram", price: 1200, creationDays: 5 }),
    expect.objectContaining({ network: "youtube", price: 350, creationDays: 10 }),
  ]);
});

test("an influencer on a deal search page past the last one steps back to the last page or goes to page 1", async ({
  page,
  brand,
  influencer,
}) => {
  const title = `Past the last page ${Date.now()}`;
  await createDealWithImages(brand, title);
  await influencer.signIn(page);
  // The keyword matches this test's deal alone: one page, so page 3 is past it.
  await page.goto(`/search?query=${encodeURIComponent(title)}&p=3`);
  await expect(page.getByText("There are no deals on this page.", { exact: true })).toBeVisible();
  await page.keyboard.press("ArrowLeft");
  await expect(page).not.toHaveURL(/[?&]p=/);
  await expect(items(page)).toHaveCount(1);
  await page.goto(`/search?query=${encodeURIComponent(title)}&p=3`);
  await page.getByRole("button", { name: "Go to page 1" }).click();
  await expect(page).not.toHaveURL(/[?&]p=/);
  await expect(items(page)).toHaveCount(1);
});

test("a paused deal says so, and an admin acting as the influencer reviews it on its page", async ({
  page,
  brand,
  influencer,
  admin,
}) => {
  const title = `Paused arcade deal ${Date.now()}`;
  const dealId = await createDealWithImages(brand, title);
  const paused = await brand.api.post(`/api/campaigns/${dealId}/pause`);
  expect(await paused.json()).toMatchObject({ status: "success" });

  await influencer.signIn(page);
  await page.goto(`/deals/${dealId}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByTestId("deal-notice")).toHaveText("This deal has been paused by the brand.");
  await expect(page.getByRole("button", { name: "Send a proposal" })).toHaveCount(0);
  await expect(page.getByTestId("deal-applicants")).toHaveCount(0);
  // Not listed by the search while paused.
  await page.goto("/search?categories=videogames");
  await expect(page.getByTestId("deal-count")).toBeVisible();
  await expect(items(page).filter({ hasText: title })).toHaveCount(0);

  await admin.signIn(page);
  await page.goto(`/admin/login?u=i&id=${influencer.id}`);
  await expect(page).toHaveURL(/\/search/);
  await page.goto(`/deals/${dealId}`);
  const review = page.getByRole("region", { name: "Admin review" });
  await expect(review.getByText("Current review status: NONE")).toBeVisible();
  await expect(page.getByTestId("deal-applicants")).toHaveText("0");
  await review.getByRole("button", { name: "Approve" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("The campaign is approved.", { exact: true })).toBeVisible();
  await expect(review.getByText("Current review status: OK")).toBeVisible();
  await expect(review.getByRole("button", { name: "Approve" })).toBeDisabled();
  // The admin's place is kept: the pressed button still has the focus.
  await expect(review.getByRole("button", { name: "Approve" })).toBeFocused();
  // The page keeps the deal's own details and notice after the review answer replaced it.
  await expect(page.getByTestId("deal-notice")).toHaveText("This deal has been paused by the brand.");
  const answer = await page.request.get(`/api/deals/${dealId}`);
  expect(await answer.json()).toMatchObject({ status: "success", data: { reviewStatus: "OK" } });
});

test("an update the server answers expired shows the proposal expired, even where the browser's clock lags", async ({
  page,
  brand,
  influencer,
}) => {
  const title = `Expiring arcade deal ${Date.now()}`;
  const dealId = await createDealWithImages(brand, title);
  await influencer.signIn(page);
  const instagram = influencer.networks.find((network) => network.type === "instagram");
  // A proposal that the server sees expire five seconds from now, while the page that shows it is open.
  const expiration = new Date(Date.now() + 5_000);
  const created = await influencer.api.post("/api/applications", {
    data: {
      dealId,
      text: "Short-lived offer.",
      expiration: expiration.toISOString(),
      prices: [{ networkId: instagram?.id, price: 100, creationDays: 3 }],
    },
  });
  expect(await created.json()).toMatchObject({ status: "success" });

  // The browser runs ten minutes behind: to the page, loaded before the expiration, the proposal still waits
  // after it, and it offers the update.
  await page.clock.install({ time: new Date(Date.now() - 10 * MINUTE_MS) });
  await page.goto(`/deals/${dealId}`);
  const updateButton = page.getByRole("button", { name: "Update my proposal" });
  await expect(updateButton).toBeVisible();
  await expect.poll(() => Date.now(), { timeout: 10_000 }).toBeGreaterThan(expiration.getTime() + 500);
  await updateButton.click();
  const update = page.getByRole("dialog", { name: /Update your proposal/ });
  await update.getByLabel("Price for Instagram").fill("120");
  await update.getByRole("button", { name: "Update proposal" }).click();
  await expect(update.getByText("Your proposal has expired: the brand can no longer accept it.").first()).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(update).toBeHidden();
  // The page believes the server: the panel says the proposal expired, and no longer offers the update. The deal
  // itself is still open, so nothing says it expired.
  await expect(page.getByTestId("own-application")).toContainText("Your proposal has expired");
  await expect(page.getByRole("button", { name: "Update my proposal" })).toHaveCount(0);
  await expect(page.getByText("This deal has expired.")).toHaveCount(0);
});
