import { expect, test } from "./support/users";

test.describe("visitor", () => {
  test("sees 15 seeded influencer cards on /find and a See more button to sign up", async ({ page }) => {
    await page.goto("/find");
    const cards = page.getByTestId("influencer-card");
    await expect(cards).toHaveCount(15);
    await expect(cards.first()).toBeVisible();
    await expect(page.getByRole("link", { name: "See more" })).toHaveAttribute("href", "/signup");
    await page.screenshot({ path: "test-results/screenshots/find-visitor.png", fullPage: true });
  });

  test("lands on /find from any other route", async ({ page }) => {
    for (const path of ["/", "/campaigns", "/search", "/no/such/page"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/find$/);
    }
  });
});
