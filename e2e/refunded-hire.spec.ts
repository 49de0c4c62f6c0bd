import { brandWithCampaign, campaignOf } from "./support/checkout-steps";
import { pageOf } from "./support/second-page";
import { expect, test } from "./support/users";

/**
 * Issue 32: a refunded hire reads as refunded everywhere. The spec keeps it DENIED, but neither party may read
 * "Declined" for a hire that was paid. An admin acting as the brand refunds a hire in progress while the
 * influencer has its application page and its earnings open and the brand its hires: each screen turns
 * "Refunded", with the day and the amount, through the refund's notification alone (no reload). The chat stays
 * readable and closes on a line that says who refunded what; the lists say it too.
 */

/** A date as the screens write it ("Dec 5, 2026"). */
const A_DAY = String.raw`[A-Z][a-z]{2} \d{1,2}, \d{4}`;

test("an admin's refund turns every open screen of both parties Refunded, live", async ({
  browser,
  users,
  influencer,
  admin,
}) => {
  const brand = await brandWithCampaign(users, "Refunded launch");
  // Instagram $400: the brand pays B = $440, the influencer would earn I = $360.
  const { id } = await users.hire(brand, influencer);

  const proposal = await pageOf(browser, influencer, `/proposals/${id}`);
  await expect(proposal.getByTestId("application-status")).toHaveAttribute("data-state", "PROGRESS");
  await expect(proposal.getByText("You earn")).toBeVisible();
  const earnings = await pageOf(browser, influencer, "/earnings");
  const earningsRow = earnings.getByRole("row").filter({ hasText: "Refunded launch" });
  await expect(earningsRow).toContainText("+$360.00");
  await expect(earningsRow).toContainText("Pending");
  const hires = await pageOf(browser, brand, "/hires");
  const hireRow = hires.getByRole("row").filter({ hasText: "Refunded launch" });
  await expect(hireRow).toContainText("Pending");

  // The admin, acting as the brand, refunds.
  const adminPage = await pageOf(browser, admin, `/admin/login?u=b&id=${brand.id}`);
  const refund = await adminPage.request.post(`/admin/api/applications/${id}/refund`, {
    headers: { origin: new URL(adminPage.url()).origin },
  });
  expect(await refund.json()).toMatchObject({ status: "success", data: { id, status: "DENIED" } });

  // The influencer's application page, without a reload: the banner, the total, the chat's closing line.
  const banner = proposal.getByTestId("application-status");
  await expect(banner).toHaveAttribute("data-state", "REFUNDED");
  await expect(banner).toHaveText(
    new RegExp(`^Refunded on ${A_DAY}: the platform gave the brand its \\$440\\.00 back and the hire is over\\.$`),
  );
  await expect(proposal.getByText("Not earned (refunded)")).toBeVisible();
  await expect(proposal.getByText("You earn")).toHaveCount(0);
  await expect(proposal.getByTestId("chat-disabled")).toHaveText(
    new RegExp(
      `^The chat is closed: the platform refunded \\$440\\.00 to the brand on ${A_DAY}, and the hire is over\\.$`,
    ),
  );
  await expect(proposal.getByTestId("chat-message").last()).toContainText("The platform refunded $440.00 to the brand");
  await expect(proposal.getByText(/declined/i)).toHaveCount(0);

  // The earnings: the line stays, refunded with its day, its amount struck (never earned).
  await expect(earningsRow).toContainText("Refunded");
  await expect(earningsRow).toContainText(new RegExp(`Refunded to the brand on ${A_DAY}: not earned`));
  await expect(earningsRow).not.toContainText("+$360.00");
  await expect(earningsRow.locator("s")).toHaveText("$360.00");

  // The brand's hires: refunded, and counted apart.
  await expect(hireRow).toContainText(new RegExp(`Refunded on ${A_DAY}`));
  await expect(hires.getByTestId("hires-refunded")).toHaveText("$440.00");
  await expect(hires.getByTestId("hires-pending")).toHaveText("$0.00");

  // Both parties' lists.
  for (const [page, path, whom] of [
    [proposal, "/proposals", "the brand"],
    [hires, "/applications", "you"],
  ] as const) {
    await page.goto(path);
    const card = page.getByTestId("application-card").first();
    await expect(card.getByTestId("application-state")).toHaveText("Refunded");
    await expect(card.getByTestId("application-refund")).toHaveText(
      new RegExp(`^\\$440\\.00 refunded to ${whom} on ${A_DAY}$`),
    );
    await expect(card).not.toContainText("Declined");
  }

  // The deal page's "Your proposal" panel, where the influencer sees their own application on the campaign.
  await proposal.goto(`/deals/${campaignOf(brand).id}`);
  const own = proposal.getByTestId("own-application-status");
  await expect(own).toContainText("Refunded");
  await expect(own).toContainText(new RegExp(`refunded to the brand on ${A_DAY}`));
  await expect(own).not.toContainText("Declined");
});
