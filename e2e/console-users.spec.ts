import { brandWithCampaign } from "./support/checkout-steps";
import { pageOf } from "./support/second-page";
import { expect, test } from "./support/users";

/**
 * Issue 36, point 4: an operator finds a user by email, opens their page, acts as them with a reason and sees the
 * time limit, goes back, and finds the impersonation with its reason in the audit view; a refund above the
 * two-person rule's threshold waits for a second admin, who approves it from the refunds queue.
 */

test("an operator finds a user, acts as them with a reason under a 30-minute limit, and finds it audited", async ({
  page,
  admin,
  influencer,
}) => {
  await admin.signIn(page);
  await page.goto("/admin/users");
  await page.getByLabel("Search", { exact: true }).fill(influencer.email);
  await page.keyboard.press("Enter");
  const row = page.getByRole("row").filter({ hasText: influencer.email });
  await expect(row).toHaveCount(1);
  await row.getByRole("link", { name: influencer.username }).click();

  await expect(page.getByRole("heading", { name: influencer.username })).toBeVisible();
  await page.getByRole("button", { name: "Act as this user" }).click();
  const dialog = page.getByRole("dialog");
  // No reason, no impersonation: the form says why.
  await dialog.getByRole("button", { name: "Start acting as them" }).click();
  await expect(dialog.getByText("Give a reason of at least 3 characters.")).toBeVisible();
  await dialog.getByLabel("Reason").fill("Support ticket 4711: their payout page");
  await dialog.getByRole("button", { name: "Start acting as them" }).click();

  // The influencer's own screens, under the banner with the time left (30 minutes at most).
  const left = page.getByTestId("impersonation-time-left");
  await expect(left).toHaveText(/^Ends by itself in (30:00|29:[0-5]\d)\.\s*$/);
  await expect(page.getByText(`You are using the account of ${influencer.username}`)).toBeVisible();
  await page.getByRole("button", { name: "Back to admin" }).click();

  await page.waitForURL(/\/admin/);
  await page.goto(`/admin/audit?action=impersonate&userId=${influencer.id}`);
  const audited = page.getByRole("row").filter({ hasText: "Support ticket 4711: their payout page" });
  await expect(audited).toHaveCount(1);
  await expect(audited).toContainText(admin.username);
  await page.goto(`/admin/audit?action=stop_impersonating&userId=${influencer.id}`);
  await expect(page.getByRole("row").filter({ hasText: "stop_impersonating" })).toHaveCount(1);
});

test("a refund above the threshold waits for a second admin, who approves it", async ({
  browser,
  users,
  influencer,
  admin,
}) => {
  const brand = await brandWithCampaign(users, "Two-person launch");
  // Instagram $1,000: the brand pays B = $1,100, above the $1,000 threshold.
  const { id } = await users.hire(brand, influencer, { prices: [{ network: "instagram", dollars: 1000 }] });

  const acting = await pageOf(browser, admin, `/admin/login?u=b&id=${brand.id}`);
  const asked = await acting.request.post(`/admin/api/applications/${id}/refund`, {
    headers: { origin: new URL(acting.url()).origin },
    data: { reason: "The brand paid twice for the same post" },
  });
  expect(await asked.json()).toMatchObject({
    status: "success",
    data: { status: "awaiting_second_approval", amountCents: 110_000, thresholdCents: 100_000 },
  });

  const second = await users.create("admin");
  const queue = await pageOf(browser, second, "/admin/refunds");
  const row = queue.getByTestId("refund-request").filter({ hasText: "Two-person launch" });
  await expect(row).toContainText("$1,100.00");
  await expect(row).toContainText("The brand paid twice for the same post");
  await row.getByRole("button", { name: "Approve and refund" }).click();
  const dialog = queue.getByRole("dialog");
  await dialog.getByLabel("Reason").fill("Checked both payments");
  await dialog.getByRole("button", { name: "Approve and refund" }).click();
  await expect(queue.getByTestId("toast-success")).toContainText("Refunded.");
  await expect(row).toHaveCount(0);

  await queue.goto(`/admin/audit?action=refund_approve`);
  await expect(queue.getByRole("row").filter({ hasText: "Checked both payments" })).toHaveCount(1);
});
