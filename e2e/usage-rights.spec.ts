import { SANDBOX_TEST_CARDS } from "@market/contracts";
import { brandWithCampaign, campaignOf, openCheckout, typeCard } from "./support/checkout-steps";
import { expect, test } from "./support/users";

/**
 * Usage rights as part of the deal (issue 37): the influencer prices a line with a licence in the proposal form, and
 * the brand reads it in plain words in the hire table and the checkout before paying for it.
 */
test("an influencer proposes a licensed line; the brand reads it in the hire table and the checkout, then pays", async ({
  page,
  users,
  influencer,
}) => {
  const brand = await brandWithCampaign(users, "Rights");
  await influencer.signIn(page);
  await page.goto(`/deals/${campaignOf(brand).id}`);
  await page.getByRole("button", { name: "Send a proposal" }).click();
  const modal = page.getByRole("dialog", { name: /Send a proposal/ });
  await modal.getByLabel("Message to the brand").fill("A reel you may repost on your own channels.");
  await modal.getByLabel("Price for Instagram").fill("400");
  await modal.getByLabel("Days to create for Instagram").fill("5");
  await modal.getByLabel("Usage rights for Instagram").selectOption("licensed");

  // Months beyond the bound are refused on their field, and nothing is sent.
  const months = modal.getByLabel("Months of usage rights for Instagram");
  await months.fill("30");
  await modal.getByRole("button", { name: "Send proposal" }).click();
  await expect(months).toHaveAttribute("aria-invalid", "true");
  await expect(modal.getByText("A number of months from 1 to 24.")).toBeVisible();
  await months.fill("6");
  await expect(modal.getByTestId("usage-rights-words")).toHaveText(
    "The brand may repost on its channels for 6 months, worldwide",
  );
  await modal.getByRole("button", { name: "Send proposal" }).click();
  await expect(page.getByText("Your proposal has been sent.", { exact: true })).toBeVisible();
  const href = await page.getByRole("link", { name: "Open your proposal and the messages" }).getAttribute("href");
  const id = Number(href?.split("/").at(-1));
  expect(id).toBeGreaterThan(0);

  // The influencer's own page says what they granted.
  await page.goto(`/proposals/${id}`);
  await expect(page.getByTestId("proposal-price-rights").first()).toHaveText(
    "The brand may repost on its channels for 6 months, worldwide",
  );

  // The brand reads it before paying: the hire table, then the checkout.
  await brand.signIn(page);
  await page.goto(`/applications/${id}`);
  const words = "Repost on your channels for 6 months, worldwide";
  await expect(page.locator('[data-testid="hire-line"][data-network="instagram"]')).toContainText(words);
  await expect(page.getByTestId("proposal-price-rights").first()).toHaveText(words);
  const dialog = await openCheckout(page, id);
  await expect(dialog.locator('[data-testid="checkout-rights"][data-network="instagram"]')).toContainText(words);
  await typeCard(dialog, SANDBOX_TEST_CARDS.succeeds);
  await dialog.getByRole("button", { name: "Pay $440.00" }).click();
  await expect(page.getByTestId("application-status")).toContainText("Hired");
  await expect(page.getByTestId("proposal-price-rights").first()).toHaveText(words);
});
