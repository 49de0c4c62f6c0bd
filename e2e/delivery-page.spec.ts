import { SANDBOX_MINE_POST_URLS } from "@market/contracts";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/users";

/**
 * The application page's delivery controls, by hand: the influencer's work done modal, the countdown, the brand's
 * work not done modal (with the keyboard) and the paused countdown, the admin's close of the case and refund, each
 * in 3 clicks. The hire itself is paid through the REST paths (the checkout has its own test).
 */

const countdown = (page: Page) => page.getByTestId("release-countdown");

test("work done, work not done, the countdown, and the admin's close of the case and refund", async ({
  page,
  users,
  influencer,
  admin,
}) => {
  const brand = await users.create("brand", { campaigns: [{ title: `Delivery ${Date.now()}` }] });
  // A hire of Instagram at $100 (B = $110), paid through the REST paths.
  const { id } = await users.hire(brand, influencer, { prices: [{ network: "instagram", dollars: 100 }] });

  // The influencer marks the work done in its modal: the 10-day countdown starts.
  await influencer.signIn(page);
  await page.goto(`/proposals/${id}`);
  await expect(countdown(page)).toHaveCount(0);
  await page.getByRole("button", { name: "Mark the work done" }).click();
  const done = page.getByRole("dialog", { name: "The work is done" });
  await expect(done).toContainText("The brand then has 10 days");
  // The published post's link (issue 37): a post the network sandbox finds on whichever account is linked.
  await done.getByLabel("Link to your Instagram post").fill(SANDBOX_MINE_POST_URLS.instagram);
  await done.getByRole("button", { name: "Mark the work done" }).click();
  await expect(done).toHaveCount(0);
  await expect(countdown(page)).toHaveAttribute("data-state", "running");
  await expect(countdown(page)).toContainText("10 days left: the money is released to you automatically on");
  await expect(page.getByRole("button", { name: "Mark the work done" })).toHaveCount(0);

  // The brand says it is not done, with the keyboard: the countdown pauses with the time left.
  await brand.signIn(page);
  await page.goto(`/applications/${id}`);
  await expect(countdown(page)).toContainText("10 days left to release the money or say the work is not done");
  await page.getByRole("button", { name: "Request changes" }).focus();
  await page.keyboard.press("Enter");
  const undone = page.getByRole("dialog", { name: "The work is not done" });
  await undone.getByLabel("What is missing? (optional)").fill("The post is not live");
  await undone.getByRole("button", { name: "Send" }).click();
  await expect(countdown(page)).toHaveAttribute("data-state", "paused");
  await expect(countdown(page)).toContainText("The countdown is paused with");
  await expect(countdown(page)).toContainText("You said the work is not done.");
  await expect(page.getByTestId("application-status")).toContainText("release on hold");
  await expect(page.getByTestId("chat-message").last()).toContainText("“The post is not live”");

  // The admin acting as the brand closes the case in 3 clicks: the countdown runs again.
  await admin.signIn(page);
  await page.goto(`/admin/login?u=b&id=${brand.id}`);
  await page.goto(`/applications/${id}`);
  const close = page.getByTestId("admin-close-case");
  await expect(page.getByTestId("admin-close-case-clicks-left")).toHaveText("Click 3 more times to confirm");
  await close.click();
  await close.click();
  await expect(page.getByTestId("admin-close-case-clicks-left")).toHaveText("Click 1 more time to confirm");
  await expect(countdown(page)).toHaveAttribute("data-state", "paused");
  await close.click();
  await expect(countdown(page)).toHaveAttribute("data-state", "running");
  await expect(page.getByTestId("chat-message").last()).toContainText("The platform closed the case");

  // Then refunds it with the keyboard, in 3 presses: the hire ends, the brand has its $110 back.
  await page.getByTestId("admin-refund").focus();
  for (let press = 0; press < 3; press += 1) await page.keyboard.press("Enter");
  await expect(page.getByTestId("application-status")).toHaveAttribute("data-status", "DENIED");
  await expect(page.getByTestId("application-status")).toContainText("Refunded");
  await expect(page.getByTestId("chat-message").last()).toContainText(
    "The platform refunded $110.00 to the brand: the hire is cancelled.",
  );
  await expect(page.getByTestId("admin-application")).toHaveCount(0);
  await expect(countdown(page)).toHaveCount(0);
});
