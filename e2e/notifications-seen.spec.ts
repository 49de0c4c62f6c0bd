import type { Page } from "@playwright/test";
import { brandWithCampaign, campaignOf, propose } from "./support/checkout-steps";
import { ok } from "./support/envelope";
import type { TestUser } from "./support/users";
import { expect, test } from "./support/users";

const bellCount = (page: Page) => page.getByTestId("notification-count");
const unreadBadge = (page: Page) => page.getByText(/\d+ new notifications?$/);

/** The user's unseen notifications, as the server counts them. */
async function unreadOf(user: TestUser): Promise<number> {
  const answer = await user.api.get("/trpc/notifications.list");
  const body = (await answer.json()) as { result: { data: { json: { unread: number } } } };
  return body.result.data.json.unread;
}

/**
 * What the open application page shows is seen (issue 32): the brand has its applications list in one tab and the
 * application in another; the proposal's notification is seen as the page opens, and the influencer's messages as
 * they arrive on it, so neither the bell nor the list's badge of the other tab ever counts them.
 */
test("a visible application page marks its notifications seen, and every open tab follows", async ({
  browser,
  users,
  influencer,
}) => {
  const brand = await brandWithCampaign(users, "Seen live");
  const id = await propose(influencer, campaignOf(brand).id);

  const context = await browser.newContext();
  const list = await context.newPage();
  await brand.signIn(list);
  await list.goto("/applications");
  await expect(list.getByTestId("application-state")).toHaveCount(1);
  await expect(unreadBadge(list)).toHaveText("1 new notification");
  await expect(bellCount(list)).toHaveText("1");

  // The application opens in a second tab: the other tab's bell and badge drop without a reload.
  const application = await context.newPage();
  await application.goto(`/applications/${id}`);
  await expect(application.getByTestId("chat-message")).toHaveCount(1);
  await expect(bellCount(list)).toHaveCount(0);
  await expect(unreadBadge(list)).toHaveCount(0);

  // The influencer writes while the brand watches the page: seen as it arrives, never counted.
  await ok(
    influencer.api.post(`/api/applications/${id}/messages`, { data: { text: "Shall I start on Monday?" } }),
    "the message",
  );
  await expect(application.getByTestId("chat-message").last()).toContainText("Shall I start on Monday?");
  await expect.poll(() => unreadOf(brand)).toBe(0);
  await expect(bellCount(list)).toHaveCount(0);
  await expect(bellCount(application)).toHaveCount(0);
  await expect(unreadBadge(list)).toHaveCount(0);
  await list.screenshot({ path: "test-results/screenshots/notifications-seen-list.png" });

  // Once the page is gone, a message counts again, on the bell and on the list.
  await application.close();
  await ok(
    influencer.api.post(`/api/applications/${id}/messages`, { data: { text: "Written while away" } }),
    "the message",
  );
  await expect(bellCount(list)).toHaveText("1");
  await expect(unreadBadge(list)).toHaveText("1 new notification");
  await context.close();
});

test("an admin acting as the brand opens the application without marking anything seen", async ({
  page,
  users,
  influencer,
  admin,
}) => {
  const brand = await brandWithCampaign(users, "Seen by nobody");
  const id = await propose(influencer, campaignOf(brand).id);

  await admin.signIn(page);
  await page.goto(`/admin/login?u=b&id=${brand.id}`);
  // The page asks, as for the brand; the server changes nothing.
  const asked = page.waitForResponse((answer) => answer.url().includes("notifications.seeApplication"));
  await page.goto(`/applications/${id}`);
  expect((await asked).ok()).toBe(true);
  await expect(page.getByTestId("chat-message")).toHaveCount(1);
  await expect(bellCount(page)).toHaveText("1");
  expect(await unreadOf(brand)).toBe(1);
});
