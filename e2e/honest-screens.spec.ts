import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/users";

/** Screens that say what the product does (issue 11): campaign review, the Hire chooser, admin links, sign-up. */

/** Opens the Hire chooser on the profile of the first influencer a search finds (only a search result offers it). */
async function openHireChooser(page: Page) {
  await page.goto("/find");
  await page.getByTestId("influencer-card").first().getByTestId("influencer-link").click();
  await page.getByRole("button", { name: "Hire", exact: true }).click();
  return page.getByRole("dialog");
}

test("a brand sees which campaigns take invitations: the Hire chooser greys out those not approved", async ({
  page,
  users,
}) => {
  const [approved, waiting, rejected] = ["Approved spring", "Waiting summer", "Rejected autumn"];
  const brand = await users.create("brand", {
    campaigns: [
      { title: waiting, review: "NONE" },
      { title: rejected, review: "KO" },
      { title: approved, review: "OK" },
    ],
  });
  const [waitingId, rejectedId, approvedId] = brand.campaigns.map((campaign) => campaign.id);
  await brand.signIn(page);

  // Each campaign page says what its review means for influencers and invitations.
  await page.goto(`/campaigns/${waitingId}`);
  await expect(page.getByTestId("campaign-review-hint")).toHaveText(
    "Our team has not reviewed this campaign yet. Influencers already see it and can send proposals, but you " +
      "cannot invite influencers to it until it is approved.",
  );
  await page.goto(`/campaigns/${rejectedId}`);
  await expect(page.getByTestId("campaign-review-hint")).toHaveText(
    "Our team rejected this campaign. Influencers no longer see it or send proposals to it, and you cannot " +
      "invite influencers to it. Change it to send it back to review.",
  );
  await page.goto(`/campaigns/${approvedId}`);
  await expect(page.getByRole("heading", { level: 1, name: approved })).toBeVisible();
  await expect(page.getByTestId("campaign-review-hint")).toHaveCount(0);

  const dialog = await openHireChooser(page);
  const why =
    "Influencers can be invited only to campaigns our team has approved. Campaigns waiting for review or " +
    "rejected cannot be chosen.";
  await expect(dialog.getByText(why)).toBeVisible();
  for (const [title, status] of [
    [waiting, "Waiting for review"],
    [rejected, "Rejected"],
  ]) {
    const box = dialog.getByRole("checkbox", { name: `${title} ${status}` });
    await expect(box).toBeDisabled();
    await expect(box).toHaveAccessibleDescription(why);
  }
  // Approved ones come first and can be chosen, by keyboard too.
  const first = dialog.getByRole("checkbox", { name: approved, exact: true });
  await expect(dialog.getByRole("checkbox").first()).toHaveAccessibleName(approved);
  await first.focus();
  await page.keyboard.press("Space");
  await expect(first).toBeChecked();
  await page.screenshot({ path: "test-results/screenshots/hire-chooser-review.png" });
  await dialog.getByRole("button", { name: "Send" }).click();
  await expect(page.getByText("Your invitation has been sent.", { exact: true })).toBeVisible();
});

test("a brand whose only open campaign awaits review is told why, with nothing to send", async ({ page, users }) => {
  const waiting = "Only waiting";
  const brand = await users.create("brand", { campaigns: [{ title: waiting, review: "NONE" }] });
  await brand.signIn(page);

  const dialog = await openHireChooser(page);
  await expect(dialog.getByRole("checkbox", { name: `${waiting} Waiting for review` })).toBeDisabled();
  await expect(dialog.getByTestId("hire-not-approved")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Send" })).toHaveCount(0);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
});

test("an admin link to an unknown user shows a page with a way back, and the 404 stays", async ({ page, admin }) => {
  await admin.signIn(page);
  await page.goto("/admin/users");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  // Followed from a page of the site, as an admin does from the console.
  const answer = page.waitForResponse((response) => response.url().includes("/admin/login"));
  await page.evaluate('window.location.assign("/admin/login?u=i&id=2147483000")');
  expect((await answer).status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "User not found" })).toBeVisible();
  await expect(page.getByText("No influencer has the id 2147483000, so there is no one to act as.")).toBeVisible();
  await page.screenshot({ path: "test-results/screenshots/admin-login-not-found.png" });
  await page.getByRole("link", { name: "Back to the previous page" }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  // Still the admin's own session.
  await expect(page.getByRole("button", { name: `Account menu of ${admin.username}` })).toBeVisible();

  // A visitor typing the link meets the page of any address that does not exist.
  await page.context().clearCookies();
  const visitor = await page.goto("/admin/login?u=i&id=1");
  expect(visitor?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expect(page.getByText(/act as/)).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Back to the previous page" })).toHaveCount(0);
  await page.getByRole("link", { name: "Go to the home page" }).click();
  await expect(page).toHaveURL(/\/find$/);
});

test("sign-up marks both the username and the email when both are taken", async ({ page, brand, influencer }) => {
  await page.goto("/signup");
  await page.getByLabel("Brand name").fill("Honest E2E");
  // Each held by another account, in another letter case.
  await page.getByLabel("Username").fill(brand.username.toUpperCase());
  await page.getByLabel("Email").fill(influencer.email.toUpperCase());
  await page.getByLabel("Password").fill("e2e-password-123");
  await page.getByRole("button", { name: "Sign up" }).click();

  await expect(page.getByText("This username is already taken.")).toBeVisible();
  await expect(page.getByText("An account already uses this email.")).toBeVisible();
  await expect(page.getByLabel("Username")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Username")).toBeFocused();
  await page.screenshot({ path: "test-results/screenshots/signup-both-taken.png" });

  // Changing a field clears its own message only.
  await page.getByLabel("Username").fill(`honest_${randomBytes(4).toString("hex")}`);
  await expect(page.getByText("This username is already taken.")).toHaveCount(0);
  await expect(page.getByText("An account already uses this email.")).toBeVisible();
});
