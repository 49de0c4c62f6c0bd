import type { Page } from "@playwright/test";
import { expect, test } from "./support/users";

const cards = (page: Page) => page.getByTestId("influencer-card");

test.describe("find influencers", () => {
  test("a visitor filters the teaser and meets See more", async ({ page }) => {
    await page.goto("/find");
    await expect(cards(page)).toHaveCount(15);
    await page.getByLabel("Gender").selectOption("female");
    await expect(page).toHaveURL(/[?&]gender=female/);
    await expect(cards(page).first()).toBeVisible();
    await expect(page.getByTestId("find-count")).toContainText("influencer");
    // The teaser: no sort, no pagination, See more to /signup.
    await expect(page.getByLabel("Sort by")).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: "Pages" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "See more" })).toHaveAttribute("href", "/signup");

    // A multi-select's popover is fetched on its first click and opens at once; a choice applies and is counted.
    await page.getByRole("button", { name: /^Category/ }).click();
    await page.getByRole("checkbox", { name: "Apps" }).check();
    await expect(page).toHaveURL(/[?&]categories=apps/);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("button", { name: "Category Apps" })).toBeFocused();

    // The followers slider moves between the stops of the spec and shows rounded labels.
    await expect(page.getByText("2K – 5M+")).toBeVisible();
    await page.getByRole("slider", { name: "Minimum followers" }).press("ArrowRight");
    await expect(page).toHaveURL(/[?&]followers=10000(%2C|,)5000000/);
    await expect(page.getByText("10K – 5M+")).toBeVisible();

    // The URL restores the state.
    await page.reload();
    await expect(page.getByLabel("Gender")).toHaveValue("female");
    await expect(page.getByText("10K – 5M+")).toBeVisible();
    await page.screenshot({ path: "test-results/screenshots/find-influencers-visitor.png", fullPage: true });

    // Hire from a search result leads a visitor to sign up.
    await cards(page).first().getByTestId("influencer-link").click();
    await expect(page).toHaveURL(/\/influencers\/s[0-9a-z]+\.[A-Za-z0-9_-]{10}$/);
    await page.getByRole("link", { name: "Hire", exact: true }).click();
    await expect(page).toHaveURL(/\/signup$/);
  });

  test("a visitor drags the age thumbs: the range applies on release, and a thumb stops at the other", async ({
    page,
  }) => {
    await page.goto("/find");
    await expect(cards(page)).toHaveCount(15);
    const minimum = page.getByRole("slider", { name: "Minimum age" });
    const maximum = page.getByRole("slider", { name: "Maximum age" });
    const track = await minimum.boundingBox();
    if (!track) throw new Error("the age slider is not on the page");
    const y = track.y + track.height / 2;
    const at = (share: number) => track.x + 10 + (track.width - 20) * share;

    // The lower thumb, from the left end to about a third: the label follows, the search waits for the release.
    await page.mouse.move(at(0), y);
    await page.mouse.down();
    await page.mouse.move(at(0.3), y, { steps: 6 });
    await expect(page).not.toHaveURL(/[?&]age=/);
    await page.mouse.up();
    await expect(page).toHaveURL(/[?&]age=(29|30|31)(%2C|,)99/);
    const lower = Number(await minimum.inputValue());

    // The upper thumb, dragged past the lower one to the left end, stops on it.
    await page.mouse.move(at(1), y);
    await page.mouse.down();
    await page.mouse.move(at(0), y, { steps: 8 });
    await page.mouse.up();
    await expect(page).toHaveURL(new RegExp(`[?&]age=${lower}(%2C|,)${lower}(&|$)`));
    await expect(maximum).toHaveAttribute("aria-valuetext", String(lower));
    await expect(page.getByText(`${lower} – ${lower}`)).toBeVisible();
  });

  test("a brand filters, sorts, pages, opens a profile and invites to an open campaign", async ({ page, users }) => {
    const brand = await users.create("brand", { campaigns: [{ title: "Approved spring launch", review: "OK" }] });
    const [campaign] = brand.campaigns;
    if (!campaign) throw new Error("the brand's campaign is missing");
    await brand.signIn(page);

    // 300 seeded influencers (and those other specs made): 20 pages or more, so previous/next with the typed
    // page input.
    const search = await brand.api.post("/api/influencers/search", { data: {} });
    const lastPage = Math.ceil(((await search.json()) as { data: { count: number } }).data.count / 15);
    expect(lastPage).toBeGreaterThanOrEqual(10);

    await page.goto("/find");
    await expect(cards(page)).toHaveCount(15);
    const pages = page.getByRole("navigation", { name: "Pages" });
    const pageInput = pages.getByRole("textbox");
    await expect(pageInput).toHaveValue("1");

    await page.getByLabel("Sort by").selectOption("followers_p");
    await expect(page).toHaveURL(/[?&]sort=followers_p/);
    await expect(cards(page)).toHaveCount(15);
    const firstOfPage1 = (await cards(page).first().textContent()) ?? "";

    await pageInput.fill("3");
    await pageInput.press("Enter");
    await expect(page).toHaveURL(/[?&]p=3/);
    await expect(pageInput).toHaveValue("3");
    await expect(cards(page).first()).not.toHaveText(firstOfPage1);
    const page3 = await cards(page).allTextContents();
    // Next reads on from page 3's last card: the search carries page 3's cursor, and page 4 repeats no card.
    const nextSearch = page.waitForRequest(
      (request) =>
        request.url().includes("influencers.search") && decodeURIComponent(request.url()).includes('"currentPage":4'),
    );
    await pages.getByRole("button", { name: "Next" }).click();
    expect(decodeURIComponent((await nextSearch).url())).toContain('"after":"');
    await expect(page).toHaveURL(/[?&]p=4/);
    await expect(cards(page).first()).not.toHaveText(page3[0] ?? "");
    await expect(cards(page)).toHaveCount(15);
    expect((await cards(page).allTextContents()).filter((card) => page3.includes(card))).toEqual([]);
    await pageInput.fill("999");
    await pageInput.press("Enter");
    await expect(page).toHaveURL(new RegExp(`[?&]p=${lastPage}(&|$)`));
    // From a page past the last one (an old link), Previous lands on the last page.
    await page.goto(page.url().replace(/([?&]p=)\d+/, `$1${lastPage + 5}`));
    await expect(page.getByText("There are no influencers on this page.", { exact: true })).toBeVisible();
    await pages.getByRole("button", { name: "Previous" }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]p=${lastPage}(&|$)`));
    await expect(cards(page).first()).toBeVisible();

    // A filter goes back to page 1 and keeps the sort.
    await page.getByLabel("Gender").selectOption("male");
    await expect(page).toHaveURL(/[?&]gender=male/);
    await expect(page).not.toHaveURL(/[?&]p=/);
    await expect(page).toHaveURL(/[?&]sort=followers_p/);
    await expect(cards(page).first()).toBeVisible();

    await page.reload();
    await expect(page.getByLabel("Gender")).toHaveValue("male");
    await expect(page.getByLabel("Sort by")).toHaveValue("followers_p");
    await page.screenshot({ path: "test-results/screenshots/find-influencers-brand.png", fullPage: true });

    await cards(page).first().getByTestId("influencer-link").click();
    await expect(page).toHaveURL(/\/influencers\/s[0-9a-z]+\.[A-Za-z0-9_-]{10}$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByTestId("total-reach-line")).toContainText("Total reach");

    await page.screenshot({ path: "test-results/screenshots/influencer-profile-brand.png", fullPage: true });
    await page.getByRole("button", { name: "Hire", exact: true }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await dialog.getByRole("checkbox", { name: campaign.title, exact: true }).check();
    await dialog.getByRole("button", { name: "Send" }).click();
    await expect(page.getByText("Your invitation has been sent.", { exact: true })).toBeVisible();
    await expect(dialog).toHaveCount(0);

    // A numeric id is not a search result: no Hire.
    const influencerId = new URL(page.url()).pathname.split("/").pop() ?? "";
    const answer = await page.request.get(`/api/influencers/${influencerId}`);
    const numericId = ((await answer.json()) as { data: { id: number } }).data.id;
    await page.goto(`/influencers/${numericId}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("button", { name: "Hire", exact: true })).toHaveCount(0);
  });

  test("an admin acting as the brand flags an influencer with 3 clicks and restores it", async ({
    page,
    brand,
    influencer,
    admin,
  }) => {
    await admin.signIn(page);
    await page.goto(`/admin/login?u=b&id=${brand.id}`);
    await expect(page).toHaveURL(/\/campaigns$/);

    // The influencer of this test, found by name.
    await page.goto(`/find?query=${influencer.username}`);
    await expect(cards(page)).toHaveCount(1);
    await cards(page).first().getByTestId("influencer-link").click();
    const box = page.getByTestId("admin-box");
    await expect(box).toBeVisible();
    await expect(box.getByRole("link", { name: "Log in as this influencer" })).toHaveAttribute(
      "href",
      /\/admin\/login\?u=i&id=\d+$/,
    );
    const status = box.getByTestId("admin-status");
    const before = (await status.textContent())?.trim();
    const after = before === "GOOD" ? "FAKE" : "GOOD";
    const flip = box.getByRole("button", { name: before === "GOOD" ? "Mark FAKE" : "Mark OK" });

    await expect(box.getByTestId("admin-clicks-left")).toHaveText("Click 3 more times to confirm");
    await flip.click();
    await expect(box.getByTestId("admin-clicks-left")).toHaveText("Click 2 more times to confirm");
    await flip.click();
    await expect(box.getByTestId("admin-clicks-left")).toHaveText("Click 1 more time to confirm");
    await expect(status).toHaveText(before ?? "");
    await flip.click();
    await expect(status).toHaveText(after);
    await expect(page.getByTestId("maybe-fake")).toHaveCount(after === "FAKE" ? 1 : 0);

    const restore = box.getByRole("button", { name: after === "GOOD" ? "Mark FAKE" : "Mark OK" });
    for (let click = 0; click < 3; click += 1) await restore.click();
    await expect(status).toHaveText(before ?? "");
    await expect(page.getByTestId("maybe-fake")).toHaveCount(before === "FAKE" ? 1 : 0);
  });

  test("a brand keeps audiences of quality 60 or more, best first, and reads why a score is what it is", async ({
    page,
    brand,
  }) => {
    await brand.signIn(page);
    await page.goto("/find");
    await page.getByLabel("Audience quality").selectOption("60");
    await expect(page).toHaveURL(/[?&]quality=60/);
    await page.getByLabel("Sort by").selectOption("quality_p");
    await expect(page).toHaveURL(/[?&]sort=quality_p/);
    // The seeded histories score most organic audiences high: the first card's best network is at 60 or more.
    const first = cards(page).first();
    await expect(first).toContainText("audience quality");
    const scores = (await first.getByText(/^\d+$/).allTextContents()).map(Number);
    expect(Math.max(...scores)).toBeGreaterThanOrEqual(60);

    await first.getByTestId("influencer-link").click();
    const panel = page.getByRole("region", { name: "Audience quality" });
    await expect(panel).toBeVisible();
    await panel.getByText("Why this score").first().click();
    await expect(panel.getByText(/^Follower jumps:/).first()).toBeVisible();
    await expect(panel.getByText(/^Engagement for its size:/).first()).toBeVisible();
  });

  test("a brand on a page past the last one is told so and goes back to page 1", async ({
    page,
    brand,
    influencer,
  }) => {
    await brand.signIn(page);
    await page.goto(`/find?query=${influencer.username}&p=2`);
    await expect(page.getByText("There are no influencers on this page.", { exact: true })).toBeVisible();
    await expect(page.getByText("No influencers found", { exact: true })).toHaveCount(0);
    await page.getByRole("button", { name: "Go to page 1" }).click();
    await expect(page).not.toHaveURL(/[?&]p=/);
    await expect(cards(page)).toHaveCount(1);
  });

  test("an influencer opening a profile sees their own, without Hire", async ({ page, influencer }) => {
    // The search result's link to the influencer (an opaque id, which shows Hire to a brand).
    await page.goto(`/find?query=${influencer.username}`);
    const href = await cards(page).first().getByTestId("influencer-link").getAttribute("href");
    expect(href).toMatch(/\/influencers\/s[0-9a-z]+\.[A-Za-z0-9_-]{10}$/);
    await influencer.signIn(page);
    await page.goto(href ?? "/influencers/1");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(influencer.username);
    await expect(page.getByRole("button", { name: "Hire", exact: true })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Hire", exact: true })).toHaveCount(0);
  });
});
