import { expect, test } from "./support/users";

const REASON = "The product link leads to a page that does not exist.";

/**
 * The console's dashboard and deals queue (issue 36, points 1 and 2): an admin lands on the dashboard, opens the deals
 * awaiting review from its count, rejects a brand's new campaign with a reason; the brand reads the reason on the
 * campaign page and in its notification; the admin finds the decision, with its reason, in the audit view.
 */
test("an admin rejects a deal from the queue with a reason the brand then reads, and finds it in the audit", async ({
  browser,
  page,
  users,
  admin,
}) => {
  const title = `Console review ${Date.now()}`;
  const brand = await users.create("brand", { campaigns: [{ title }] });
  const campaign = brand.campaigns[0];
  if (!campaign) throw new Error("the brand has no campaign");

  await admin.signIn(page);
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  // Every queue counts; the deals queue at least the brand's new campaign.
  for (const queue of [
    "dealsAwaitingReview",
    "cases",
    "flaggedInfluencers",
    "appealsAwaitingDecision",
    "payoutsFailedOrStuck",
    "refundsAwaitingApproval",
  ]) {
    await expect(page.getByTestId(`queue-${queue}`)).toHaveText(/^\d+$/);
  }
  expect(Number(await page.getByTestId("queue-dealsAwaitingReview").textContent())).toBeGreaterThan(0);
  // The figures, over the last 30 days by default, then over 7.
  await expect(page.getByTestId("figure-gmvPaidInCents")).toHaveText(/^\$[\d,]+\.\d{2}$/);
  await expect(page.getByTestId("figure-escrowHeldCents")).toHaveText(/^\$[\d,]+\.\d{2}$/);
  await expect(page.getByRole("link", { name: "Last 30 days" })).toHaveAttribute("aria-current", "page");
  await page.getByRole("link", { name: "Last 7 days" }).click();
  await expect(page).toHaveURL(/days=7/);
  await expect(page.getByRole("link", { name: "Last 7 days" })).toHaveAttribute("aria-current", "page");

  // The queue, from its count, filtered by the brand (typed, then Enter).
  await page.getByRole("link", { name: /Open the queue: Deals awaiting review/ }).click();
  await expect(page.getByRole("heading", { name: "Deals awaiting review" })).toBeVisible();
  await page.getByRole("searchbox", { name: "Brand" }).fill(brand.username);
  await page.getByRole("searchbox", { name: "Brand" }).press("Enter");
  await expect(page).toHaveURL(new RegExp(`brand=${brand.username}`));
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("link", { name: /Open .* as / })).toHaveAttribute(
    "href",
    `/admin/login?u=b&id=${brand.id}&next=%2Fcampaigns%2F${campaign.id}`,
  );

  // Reject: the dialog takes the keyboard (the reason has the focus, Tab goes round inside it, Escape leaves it and
  // gives the focus back).
  const reject = row.getByRole("button", { name: `Reject “${title}”` });
  await reject.click();
  const dialog = page.getByRole("dialog", { name: `Reject “${title}”` });
  await expect(dialog.getByLabel("Reason")).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expect(dialog.getByRole("button", { name: "Close" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(dialog.getByLabel("Reason")).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(reject).toBeFocused();
  // A reason is required, then the confirmation rejects.
  await reject.press("Enter");
  await dialog.getByRole("button", { name: "Reject the campaign" }).click();
  await expect(dialog.getByText("Give a reason of at least 3 characters.")).toBeVisible();
  await dialog.getByLabel("Reason").fill(REASON);
  await dialog.getByRole("button", { name: "Reject the campaign" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("No deal awaiting review matches these filters.")).toBeVisible();

  // The brand reads the reason on the campaign and in the notification.
  const brandContext = await browser.newContext();
  const brandPage = await brandContext.newPage();
  await brand.signIn(brandPage);
  await brandPage.goto(`/campaigns/${campaign.id}`);
  await expect(brandPage.getByRole("heading", { name: "This campaign was rejected by the platform" })).toBeVisible();
  await expect(brandPage.getByTestId("review-reason")).toHaveText(`The reason given: ${REASON}`);
  await brandPage.getByRole("button", { name: /^Notifications/ }).click();
  await expect(brandPage.getByText(`Your campaign ${title} was rejected: ${REASON}`)).toBeVisible();
  await brandContext.close();

  // The audit view, filtered by the action, shows the decision and its reason.
  await page.goto("/admin/audit?action=deal_review");
  const entry = page.getByRole("row").filter({ hasText: REASON });
  await expect(entry.first()).toBeVisible();
  await expect(entry.first()).toContainText("deal_review");
  await expect(entry.first()).toContainText(`deal ${campaign.id}`);
});

test("an admin opens a deal of the queue as its brand and lands on the campaign", async ({ page, users, admin }) => {
  const title = `Console open as ${Date.now()}`;
  const brand = await users.create("brand", { campaigns: [{ title }] });
  const campaign = brand.campaigns[0];
  if (!campaign) throw new Error("the brand has no campaign");

  await admin.signIn(page);
  await page.goto(`/admin/deals?brand=${brand.username}`);
  const row = page.getByRole("row").filter({ hasText: title });
  await row.getByRole("link", { name: /Open .* as / }).click();
  // Acting as the brand, on the campaign itself, with the review control an impersonating admin gets.
  await expect(page).toHaveURL(new RegExp(`/campaigns/${campaign.id}$`));
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await expect(page.getByRole("region", { name: "Admin review" })).toBeVisible();
});

test("the console's queue counts answer a script, and no one else", async ({ admin, brand }) => {
  const answer = await admin.api.get("/admin/api/queues");
  expect(answer.status()).toBe(200);
  const body = (await answer.json()) as { data: Record<string, number> };
  expect(Object.keys(body.data).sort()).toEqual([
    "appealsAwaitingDecision",
    "cases",
    "dealsAwaitingReview",
    "flaggedInfluencers",
    "payoutsFailedOrStuck",
    "refundsAwaitingApproval",
  ]);
  expect((await brand.api.get("/admin/api/queues")).status()).toBe(403);
});
