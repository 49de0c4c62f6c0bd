import { DAY_MS, SANDBOX_TEST_CARDS } from "@market/contracts";
import type { Locator, Page } from "@playwright/test";
import {
  brandWithCampaign,
  campaignOf,
  openCheckout,
  proposalPrices,
  propose,
  typeCard,
} from "./support/checkout-steps";
import { expect, type TestUser, test, type Users } from "./support/users";

/** Every account the browser tests make signs in with this password (packages/api's TEST_USER_PASSWORD). */
const PASSWORD = "e2e-password-123";

async function expectHired(page: Page, dialog: Locator, username: string) {
  const toast = `Payment done: ${username} is hired. The money is held until you release it.`;
  await expect(page.getByText(toast, { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("application-status")).toContainText("Hired");
  await expect(page.getByRole("button", { name: "Accept and hire" })).toHaveCount(0);
}

/** A new brand with a campaign (and a saved card if asked), the influencer's proposal on it, the brand's checkout. */
async function checkoutOfNewProposal(page: Page, users: Users, influencer: TestUser, savedCard = false) {
  const brand = await brandWithCampaign(users, "Checkout", { savedCard });
  const id = await propose(influencer, campaignOf(brand).id);
  await brand.signIn(page);
  return { id, dialog: await openCheckout(page, id) };
}

test.describe("checkout", () => {
  test("a brand ticks two networks and pays with a new card, which it remembers", async ({
    page,
    users,
    influencer,
  }) => {
    const { dialog } = await checkoutOfNewProposal(page, users, influencer);

    // The figures: both networks, $400, the 10 % fee, B = $440.
    const summary = dialog.getByTestId("checkout-summary");
    await expect(summary).toContainText("Instagram, YouTube");
    await expect(summary).toContainText("$400.00");
    await expect(summary).toContainText("Service fee (10%)");
    await expect(dialog.getByTestId("checkout-total")).toHaveText("$440.00");

    // The sandbox's own card form: every field checked on Pay, the number grouped in fours as it is typed.
    await dialog.getByTestId("checkout-pay").click();
    await expect(dialog.getByText("Your card number is incomplete.")).toBeVisible();
    await expect(dialog.getByLabel("Card number")).toBeFocused();
    await expect(dialog.getByLabel("Card number")).toHaveAttribute("aria-invalid", "true");
    await typeCard(dialog, SANDBOX_TEST_CARDS.succeeds);
    await expect(dialog.getByLabel("Card number")).toHaveValue("4242 4242 4242 4242");
    await expect(dialog.getByText("Your card number is incomplete.")).toHaveCount(0);
    await dialog.getByLabel("Remember this card for my next payments").check();
    await dialog.getByRole("button", { name: "Pay $440.00" }).click();
    await expectHired(page, dialog, influencer.username);
    await expect(page.getByTestId("chat-message").last()).toContainText(
      "Paid $440.00: $400.00 to the influencer + $40.00 fee.",
    );

    // The card is remembered: the payment tab shows it masked.
    await page.goto("/settings?p=payment");
    await expect(page.getByTestId("saved-card")).toContainText("•••• 4242");
  });

  test("a card asking for authentication passes the test bank's challenge after a failed one", async ({
    page,
    users,
    influencer,
  }) => {
    const { dialog } = await checkoutOfNewProposal(page, users, influencer);
    await typeCard(dialog, SANDBOX_TEST_CARDS.requiresAuthentication);
    await dialog.getByTestId("checkout-pay").click();

    const challenge = dialog.getByTestId("checkout-challenge");
    await expect(challenge.getByRole("heading", { name: "Test bank: confirm this payment" })).toBeFocused();
    await expect(challenge).toContainText("$440.00");
    await challenge.getByRole("button", { name: "Fail authentication" }).click();
    await expect(dialog.getByTestId("checkout-error")).toContainText(
      "We are unable to authenticate your payment method.",
    );
    await expect(page.getByTestId("application-status")).toContainText("Waiting");

    await dialog.getByTestId("checkout-pay").click();
    await dialog.getByTestId("checkout-challenge").getByRole("button", { name: "Approve" }).click();
    await expectHired(page, dialog, influencer.username);
  });

  test("a declined card shows the provider's message and nothing is paid", async ({ page, users, influencer }) => {
    const { dialog } = await checkoutOfNewProposal(page, users, influencer);
    await typeCard(dialog, SANDBOX_TEST_CARDS.declined);
    await dialog.getByTestId("checkout-pay").click();
    await expect(dialog.getByTestId("checkout-error")).toHaveText("Your card was declined.");
    // Escape closes the checkout, and the proposal still waits.
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("application-status")).toContainText("Waiting");
  });

  test("the saved card pays with the password and refuses a wrong one", async ({ page, users, influencer }) => {
    const { dialog } = await checkoutOfNewProposal(page, users, influencer, true);
    const saved = dialog.getByTestId("checkout-saved-card");
    await expect(saved).toContainText("VISA •••• 4242");
    await expect(saved).toContainText(/expires 04\/\d{2}(?!\d)/);

    const password = dialog.getByLabel("Your password");
    await dialog.getByTestId("checkout-pay").click();
    await expect(password).toHaveAttribute("aria-invalid", "true");
    await password.fill("not-the-password");
    await dialog.getByTestId("checkout-pay").click();
    await expect(dialog.getByText("Bad password")).toBeVisible();
    await expect(password).toHaveAttribute("aria-invalid", "true");
    await expect(password).toBeFocused();
    await password.fill(PASSWORD);
    await expect(password).not.toHaveAttribute("aria-invalid", "true");
    await dialog.getByTestId("checkout-pay").click();
    await expectHired(page, dialog, influencer.username);
  });

  test("a price changed meanwhile is said, nothing is charged and the figures are read again", async ({
    page,
    users,
    influencer,
  }) => {
    const { id, dialog } = await checkoutOfNewProposal(page, users, influencer);
    await expect(dialog.getByTestId("checkout-total")).toHaveText("$440.00");

    // The influencer lowers Instagram to $50 while the brand types its card.
    const updated = await influencer.api.post(`/api/applications/${id}`, {
      data: {
        expiration: new Date(Date.now() + 20 * DAY_MS).toISOString(),
        prices: proposalPrices(influencer, 50),
      },
    });
    expect(await updated.json()).toMatchObject({ status: "success" });

    await typeCard(dialog, SANDBOX_TEST_CARDS.succeeds);
    await dialog.getByTestId("checkout-pay").click();
    await expect(dialog.getByTestId("checkout-error")).toHaveText(
      "The proposal has changed (its price or usage rights). Please check it and try again.",
    );
    await expect(dialog.getByTestId("checkout-total")).toHaveText("$385.00");
    await dialog.getByRole("button", { name: "Pay $385.00" }).click();
    await expectHired(page, dialog, influencer.username);
  });
});
