import { DAY_MS } from "@market/contracts";
import { pageOf } from "./support/second-page";
import { moveClock, resetClock } from "./support/server-clock";
import { expect, test } from "./support/users";

/**
 * Reviews both ways, double blind (issue 40, point 3): after a hire is released the influencer reviews the brand
 * through the review page; the brand cannot read it until it has written its own feedback (8 days later, the
 * server's clock moved), and then both read both: on the application pages and on the profiles' review lists.
 */

const FEEDBACK = {
  rating: { content: 5, availability: 4, communication: 5, cooperation: 4, schedule: 5 },
  iComment: "Great content, on time.",
  workAgain: true,
  droveAction: true,
  roi: "good",
};

const REVIEW = {
  rating: { brief: 2, communication: 1, payment: 1, fairness: 2 },
  text: "Paid twice, late both times.",
};

test.describe("reviews both ways", () => {
  test.afterEach(({ playwright, baseURL }) => resetClock(playwright, baseURL));

  test("the influencer's review stays hidden from the brand until the brand's feedback, then both are published", async ({
    page,
    users,
    influencer,
  }) => {
    const brand = await users.create("brand", { campaigns: [{ title: `Reviews ${Date.now()}` }] });
    const { id } = await users.hire(brand, influencer, { released: true });

    // The influencer reviews the brand: the button on the application, the form checked, then sent.
    await influencer.signIn(page);
    await page.goto(`/proposals/${id}`);
    await page.getByTestId("write-review").click();
    await expect(page).toHaveURL(new RegExp(`/proposals/${id}/review$`));
    await page.getByRole("button", { name: "Send the review" }).click();
    await expect(page.getByText("Please choose 1 to 5 stars.")).toHaveCount(4);
    for (const [criterion, stars] of [
      ["brief", 5],
      ["communication", 4],
      ["payment", 5],
      ["fairness", 4],
    ] as const) {
      await page
        .getByTestId(`rating-${criterion}`)
        .locator("label")
        .nth(stars - 1)
        .click();
    }
    await page.getByLabel("Your review").fill("Clear brief, paid right away.");
    await page.getByRole("button", { name: "Send the review" }).click();
    await expect(page).toHaveURL(new RegExp(`/proposals/${id}$`));
    await expect(page.getByTestId("given-review")).toContainText("Clear brief, paid right away.");
    await expect(page.getByTestId("review-publication")).toContainText("will be published when");

    // Not on the brand's side yet: neither on its application page nor in its profile's list.
    await brand.signIn(page);
    await page.goto(`/applications/${id}`);
    await expect(page.getByTestId("application-status")).toHaveAttribute("data-status", "COMPLETE");
    await expect(page.getByTestId("given-review")).toHaveCount(0);
    const hidden = await (await brand.api.get(`/api/brands/${brand.id}/reviews`)).json();
    expect(hidden).toEqual({ status: "success", data: { reviews: [], nextCursor: null } });

    // The brand writes its feedback 8 days after the release: both are published at once.
    await moveClock(brand.api, { advanceMs: 8 * DAY_MS });
    const given = await (await brand.api.post(`/api/applications/${id}/feedback`, { data: FEEDBACK })).json();
    expect(given.status).toBe("success");
    await page.reload();
    await expect(page.getByTestId("given-review")).toContainText("Clear brief, paid right away.");
    await expect(page.getByTestId("feedback-publication")).toContainText("Published on");
    const listed = await (await brand.api.get(`/api/brands/${brand.id}/reviews`)).json();
    expect(listed.data.reviews).toEqual([
      expect.objectContaining({ applicationId: id, text: "Clear brief, paid right away." }),
    ]);

    // The influencer reads the brand's feedback now, and their own review says it is published.
    await influencer.signIn(page);
    await page.goto(`/proposals/${id}`);
    await expect(page.getByTestId("given-feedback")).toContainText("Great content, on time.");
    await expect(page.getByTestId("review-publication")).toContainText("Published on");
    // And the brand's feedback is on the influencer's public profile, with the hire's campaign.
    await brand.signIn(page);
    await page.goto(`/influencers/${influencer.id}`);
    await expect(page.getByTestId("published-review").first()).toContainText("Great content, on time.");
  });

  test("a reader reports a published review; an admin hides it with a reason, gone from the profile, in the audit", async ({
    page,
    browser,
    users,
    influencer,
    admin,
  }) => {
    const brand = await users.create("brand", { campaigns: [{ title: `Reported ${Date.now()}` }] });
    const { id } = await users.hire(brand, influencer, { released: true });
    // Both sides write, the brand 8 days after the release: both reviews are published.
    const written = await influencer.api.post(`/api/applications/${id}/review`, { data: REVIEW });
    expect((await written.json()).status).toBe("success");
    await moveClock(brand.api, { advanceMs: 8 * DAY_MS });
    const given = await brand.api.post(`/api/applications/${id}/feedback`, { data: FEEDBACK });
    expect((await given.json()).status).toBe("success");

    // Another influencer reads the review on the brand's profile and reports it: a reason is required.
    const reader = await users.create("influencer");
    await reader.signIn(page);
    await page.goto(`/brands/${brand.id}`);
    const review = page.getByTestId("published-review").filter({ hasText: REVIEW.text });
    await review.getByRole("button", { name: "Report" }).click();
    const report = page.getByRole("dialog", { name: "Report this review" });
    await report.getByRole("button", { name: "Send the report" }).click();
    await expect(report.getByRole("alert")).toHaveText("Please choose a reason.");
    await report.getByLabel("Why?").selectOption("false");
    await report.getByLabel("Anything to add (optional)").fill("We worked with them: always on time.");
    await report.getByRole("button", { name: "Send the report" }).click();
    await expect(page.getByTestId("toast-success")).toContainText(
      "Thank you: the review was reported to the platform.",
    );
    await expect(report).toHaveCount(0);

    // The admin finds the report and hides the review, after giving the reason the audit log keeps.
    const console = await pageOf(browser, admin);
    await console.goto("/admin/reviews");
    const row = console.getByTestId("review-report").filter({ hasText: "We worked with them: always on time." });
    await expect(row).toContainText(REVIEW.text);
    await row.getByRole("button", { name: "Hide the review" }).click();
    const hide = console.getByRole("dialog", { name: `Hide the review of hire #${id}` });
    await hide.getByRole("button", { name: "Hide the review" }).click();
    await expect(hide.getByText("at least 3 characters")).toBeVisible();
    await hide.getByLabel("Reason").fill("Checked with both parties: false.");
    await hide.getByRole("button", { name: "Hide the review" }).click();
    await expect(console.getByTestId("toast-success")).toContainText("The review is hidden.");
    await expect(row.getByRole("button", { name: "Show it again" })).toBeVisible();

    // Gone from the profile the reader sees, and in the audit log with the admin's reason.
    await page.reload();
    await expect(page.getByTestId("review-list")).toContainText("No published reviews yet.");
    await expect(page.getByTestId("published-review")).toHaveCount(0);
    await console.goto(`/admin/audit?action=review_hide&targetType=application&targetId=${id}`);
    const audited = console.getByRole("table", { name: "Audit log" }).locator("tbody tr");
    await expect(audited).toHaveCount(1);
    await expect(audited).toContainText("Checked with both parties: false.");
  });
});
