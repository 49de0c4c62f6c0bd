import { WS_RECONNECT_STEP_MS } from "@market/contracts";
import type { Page, WebSocketRoute } from "@playwright/test";
import { brandWithCampaign, campaignOf, propose } from "./support/checkout-steps";
import { expect, test } from "./support/users";

const messages = (page: Page) => page.getByTestId("chat-message");

async function write(page: Page, text: string) {
  await page.getByLabel("Your message").fill(text);
  await page.getByLabel("Your message").press("Enter");
}

/**
 * Two people, two browser contexts, no reload: the influencer's proposal reaches the brand's campaign list, bell
 * and toasts; chat messages show on the other side as they are sent; and after the brand's connection drops, the
 * page says it is offline, reconnects after the spec's first delay (15 s) and shows what was written meanwhile.
 *
 * The drop is the brand page's WebSocket closed under it (Playwright's routeWebSocket sits between the page and
 * the server): the e2e server runs outside the test and cannot be restarted from it, and context.setOffline
 * leaves open WebSockets alone in Chromium. For the client it is the same event as a server restart: a closed
 * socket, a wait, a new socket that resumes from the last notification id.
 */
test("notifications, the campaign list and the chat follow the other party live, and catch up after a drop", async ({
  browser,
  users,
  influencer,
}) => {
  test.setTimeout(120_000);
  const title = `Live lipstick ${Date.now()}`;
  const brand = await users.create("brand", { campaigns: [{ title }] });
  const campaign = brand.campaigns[0];
  if (!campaign) throw new Error("the brand has no campaign");

  const brandContext = await browser.newContext();
  const influencerContext = await browser.newContext();
  const brandPage = await brandContext.newPage();
  const influencerPage = await influencerContext.newPage();
  // Every socket of the brand's page goes through here, so the test can drop them.
  const brandSockets: { page: WebSocketRoute; server: WebSocketRoute }[] = [];
  await brandPage.routeWebSocket(/\/trpc$/, (socket) => {
    brandSockets.push({ page: socket, server: socket.connectToServer() });
  });

  await brand.signIn(brandPage);
  await brandPage.goto("/campaigns");
  const card = brandPage.getByTestId("campaign-card").filter({ hasText: title });
  await expect(card).toContainText("0 applicants");
  await expect(brandPage.getByTestId("notification-count")).toHaveCount(0);
  // The stream is open before the influencer acts.
  await expect.poll(() => brandSockets.length).toBe(1);

  // The influencer sends a proposal from the deal page.
  await influencer.signIn(influencerPage);
  await influencerPage.goto(`/deals/${campaign.id}`);
  await influencerPage.getByRole("button", { name: "Send a proposal" }).click();
  const modal = influencerPage.getByRole("dialog", { name: /Send a proposal/ });
  await modal.getByLabel("Message to the brand").fill("I film make-up tutorials every week.");
  await modal.getByLabel("Price for Instagram").fill("100");
  await modal.getByLabel("Days to create for Instagram").fill("3");
  await modal.getByRole("button", { name: "Send proposal" }).click();
  await expect(influencerPage.getByText("Your proposal has been sent.", { exact: true })).toBeVisible();

  // Without a reload, the brand's campaign list counts the applicant, the bell counts the notification, a toast says
  // it (in the toasts' region, announced as a status); Escape dismisses the focused toast.
  await expect(card).toContainText("1 applicant");
  await expect(brandPage.getByTestId("notification-count")).toHaveText("1");
  const toasts = brandPage.getByRole("region", { name: /Notifications/ }).getByTestId("toast-info");
  const proposalToast = toasts.filter({ hasText: `${influencer.username} sent a proposal on ${title}.` });
  await expect(proposalToast).toBeVisible();
  await proposalToast.focus();
  await brandPage.keyboard.press("Escape");
  await expect(proposalToast).toHaveCount(0);

  // The influencer writes from the application page; the brand, still on its campaigns, gets a toast whose click
  // opens the application, where the message is.
  await influencerPage.getByRole("link", { name: "Open your proposal and the messages" }).click();
  await expect(influencerPage).toHaveURL(/\/proposals\/\d+$/);
  const applicationId = influencerPage.url().split("/").at(-1);
  await expect(messages(influencerPage)).toHaveCount(1);
  await write(influencerPage, "Hello from the influencer");
  await expect(messages(influencerPage)).toHaveCount(2);
  await expect(brandPage.getByTestId("notification-count")).toHaveText("2");
  await toasts.getByRole("button", { name: `${influencer.username}: Hello from the influencer` }).click();
  await expect(brandPage).toHaveURL(new RegExp(`/applications/${applicationId}$`));
  await expect(messages(brandPage).last()).toContainText("Hello from the influencer");

  // From then on each side's messages show on the other's open page as they are sent.
  await write(brandPage, "Hello back from the brand");
  await expect(messages(influencerPage).last()).toContainText("Hello back from the brand");
  await write(influencerPage, "Shall I start on Monday?");
  await expect(messages(brandPage).last()).toContainText("Shall I start on Monday?");
  // No toast for the page already open.
  await expect(toasts).toHaveCount(0);

  // The brand's connection drops: the page says so, and what is written meanwhile shows once it is back.
  for (const socket of brandSockets) {
    await socket.server.close();
    await socket.page.close();
  }
  await expect(brandPage.getByTestId("offline-notice")).toBeVisible();
  await write(influencerPage, "Written while you were offline");
  await expect(messages(influencerPage).last()).toContainText("Written while you were offline");
  await expect(messages(brandPage).last()).toContainText("Shall I start on Monday?");
  // The first try comes 15 s after the drop (spec section 7).
  await expect(messages(brandPage).last()).toContainText("Written while you were offline", {
    timeout: WS_RECONNECT_STEP_MS + 15_000,
  });
  await expect(brandPage.getByTestId("offline-notice")).toHaveCount(0);
  expect(brandSockets.length).toBe(2);

  // The bell lists what came, already seen: the application's page showed it as it arrived.
  await expect(brandPage.getByTestId("notification-count")).toHaveCount(0);
  await brandPage.getByRole("button", { name: "Notifications", exact: true }).click();
  const newest = brandPage.getByTestId("notification-item").first();
  await expect(newest).toContainText("Written while you were offline");
  await expect(newest).not.toContainText("New");
  await brandPage.screenshot({ path: "test-results/screenshots/notification-bell.png" });
  await brandPage.keyboard.press("Escape");

  await brandContext.close();
  await influencerContext.close();
});

test("an admin acting as the brand reads its notifications without marking them seen", async ({
  page,
  users,
  influencer,
  admin,
}) => {
  const brand = await brandWithCampaign(users, "Seen by nobody");
  await propose(influencer, campaignOf(brand).id);

  await admin.signIn(page);
  await page.goto(`/admin/login?u=b&id=${brand.id}`);
  await page.goto("/campaigns");
  await expect(page.getByTestId("notification-count")).toHaveText("1");
  await page.getByRole("button", { name: "Notifications, 1 new" }).click();
  await expect(page.getByTestId("notification-item")).toContainText(`${influencer.username} sent a proposal`);
  await expect(page.getByText("Seen marks are left to the user while you act as them.")).toBeVisible();
  await page.keyboard.press("Escape");
  // Still unread, for the brand as for the admin, after a reload.
  await page.reload();
  await expect(page.getByTestId("notification-count")).toHaveText("1");
  const list = await brand.api.get("/trpc/notifications.list");
  expect(await list.json()).toMatchObject({ result: { data: { json: { unread: 1 } } } });
});
