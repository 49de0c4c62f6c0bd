import { DAY_MS } from "@market/contracts";
import { moveClock, resetClock } from "./support/server-clock";
import { expect, test } from "./support/users";

/**
 * The brand's feedback (spec sections 2, 4 and 7): hidden and refused until the money_released message is more
 * than 7 days old, then given once through the form (the keyboard for one rating), shown on the application to
 * the brand, and to the influencer and on their profile once published (issue 40: here at the window's close). The server's clock moves by POST /api/test/clock.
 */

const FEEDBACK = {
  rating: { content: 4, availability: 5, communication: 5, cooperation: 4, schedule: 4 },
  workAgain: true,
  droveAction: true,
  roi: "good",
};

test.describe("feedback", () => {
  // The clock is the whole server's: set it back to real time after each test, whatever happened.
  test.afterEach(({ playwright, baseURL }) => resetClock(playwright, baseURL));

  test("a brand leaves feedback 8 days after the release and sees it on the application", async ({
    page,
    users,
    influencer,
  }) => {
    const brand = await users.create("brand", { campaigns: [{ title: `Feedback ${Date.now()}` }] });
    const { id } = await users.hire(brand, influencer, { released: true });
    const url = `/api/applications/${id}/feedback`;

    // Right after the release: no button, the day it opens, and the API's not-yet-allowed error.
    await brand.signIn(page);
    await page.goto(`/applications/${id}`);
    await expect(page.getByTestId("application-status")).toHaveAttribute("data-status", "COMPLETE");
    await expect(page.getByTestId("feedback-opens")).toContainText("You can leave feedback from");
    await expect(page.getByTestId("leave-feedback")).toHaveCount(0);
    const early = await (await brand.api.post(url, { data: FEEDBACK })).json();
    expect(early).toEqual({ status: "error", reason: "not_allowed_yet" });

    await moveClock(brand.api, { advanceMs: 8 * DAY_MS });
    await page.reload();
    await page.getByTestId("leave-feedback").click();
    await expect(page).toHaveURL(new RegExp(`/applications/${id}/feedback$`));
    await expect(page.getByRole("heading", { name: `Feedback on ${influencer.username}` })).toBeVisible();

    // Sent empty: a message per missing answer, and the focus on the first rating.
    await page.getByRole("button", { name: "Send the feedback" }).click();
    await expect(page.getByText("Please choose 1 to 5 stars.")).toHaveCount(5);
    await expect(page.getByText("Please answer yes or no.")).toHaveCount(2);
    await expect(page.getByText("Please choose one of the options.")).toHaveCount(1);
    const content = page.getByTestId("rating-content");
    await expect(content.getByRole("radio", { name: "1 star" })).toBeFocused();
    // The keyboard chooses within the radio group: from 1 star, three steps right is 4 stars.
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect(content.getByRole("radio", { name: "4 stars" })).toBeChecked();
    // The answer given, its message goes; the others stay until answered.
    await expect(page.getByText("Please choose 1 to 5 stars.")).toHaveCount(4);

    const stars = (criterion: string, count: number) =>
      page
        .getByTestId(`rating-${criterion}`)
        .locator("label")
        .nth(count - 1)
        .click();
    await stars("availability", 5);
    await stars("communication", 5);
    await stars("cooperation", 4);
    await stars("schedule", 4);
    await page.getByTestId("choice-workAgain").getByLabel("Yes").check();
    await page.getByTestId("choice-droveAction").getByLabel("Yes").check();
    await page.getByTestId("choice-roi").getByLabel("Good").check();
    await page.getByLabel("A word for the influencer").fill("Lovely posts, delivered on time.");
    await page.getByLabel("Comments on the results").fill("Sign-ups doubled that week.");
    await page.getByRole("button", { name: "Send the feedback" }).click();

    // Back on the application, which shows it whole to the brand.
    await expect(page).toHaveURL(new RegExp(`/applications/${id}$`));
    const given = page.getByTestId("given-feedback");
    await expect(given).toContainText("Your feedback");
    await expect(page.getByTestId("feedback-average")).toContainText("4.4 / 5 on average");
    await expect(given).toContainText("Lovely posts, delivered on time.");
    await expect(given).toContainText("Sign-ups doubled that week.");
    await expect(given).toContainText("Good");
    await expect(page.getByTestId("leave-feedback")).toHaveCount(0);
    const again = await (await brand.api.post(url, { data: FEEDBACK })).json();
    expect(again).toEqual({ status: "error", reason: "conflict" });

    // Double blind (issue 40): the influencer reads it once published, here alone at the reviews' window's close,
    // 21 days after the release. Then the ratings and the word for them, not the brand's results.
    await moveClock(brand.api, { advanceMs: 14 * DAY_MS });
    await influencer.signIn(page);
    await page.goto(`/proposals/${id}`);
    await expect(page.getByTestId("given-feedback")).toContainText("The brand's feedback");
    await expect(page.getByTestId("given-feedback")).toContainText("Lovely posts, delivered on time.");
    await expect(page.getByTestId("given-feedback")).not.toContainText("Sign-ups doubled that week.");

    // And it counts on the influencer's profile.
    await page.goto("/profile");
    await expect(page.getByTestId("profile-feedback")).toHaveText(/4\.4 \/ 5 from 1 hire/);
  });
});
