import { DAY_MS } from "@market/contracts";
import type { Page } from "@playwright/test";
import { expect, type TestUser, test } from "./support/users";

/** A campaign as GET /api/deals answers it (dates as ISO strings). */
interface ApiDeal {
  id: number;
  title: string;
  description: string;
  author: string;
  status: "open" | "paused" | "closed";
  applicants: number;
  reviewStatus: "NONE" | "OK" | "KO";
  created: string;
  updated: string;
}

const TAB_LABELS = { all: "All", open: "Active", closed: "Closed", paused: "Paused" } as const;

async function myDeals(brand: TestUser): Promise<ApiDeal[]> {
  const answer = await brand.api.get("/api/deals");
  const body = (await answer.json()) as { status: string; data: ApiDeal[] };
  expect(body.status).toBe("success");
  return body.data;
}

function countsOf(deals: ApiDeal[]) {
  return {
    all: deals.length,
    open: deals.filter((deal) => deal.status === "open").length,
    closed: deals.filter((deal) => deal.status === "closed").length,
    paused: deals.filter((deal) => deal.status === "paused").length,
  };
}

async function expectCounts(page: Page, counts: ReturnType<typeof countsOf>) {
  for (const [tab, label] of Object.entries(TAB_LABELS)) {
    await expect(
      page.getByRole("button", { name: `${label} (${counts[tab as keyof typeof counts]})`, exact: true }),
    ).toBeVisible();
  }
}

const card = (page: Page, id: number) => page.locator(`[aria-labelledby="campaign-${id}-title"]`);
const cards = (page: Page) => page.getByTestId("campaign-card");

async function openMenu(page: Page, deal: ApiDeal) {
  await card(page, deal.id)
    .getByRole("button", { name: `Actions for ${deal.title}` })
    .click();
}

/** Newest or oldest first by a date field, ties by id (the list's order). */
const ordered = (deals: ApiDeal[], field: "created" | "updated", newestFirst: boolean) =>
  [...deals]
    .sort((a, b) => {
      const byTime = Date.parse(a[field]) - Date.parse(b[field]);
      return (byTime !== 0 ? byTime : a.id - b.id) * (newestFirst ? -1 : 1);
    })
    .map((deal) => deal.id);

async function shownIds(page: Page): Promise<number[]> {
  const labels = await cards(page).evaluateAll((items) => items.map((item) => item.getAttribute("aria-labelledby")));
  return labels.map((label) => Number(/campaign-(\d+)-title/.exec(label ?? "")?.[1]));
}

/** A month ahead, as a campaign's deadline. */
const inAMonth = () => new Date(Date.now() + 30 * DAY_MS).toISOString();

test.describe("the brand's campaign list", () => {
  test("tabs show the counts, search narrows, sort orders, and the URL keeps them", async ({ page, users }) => {
    const brand = await users.create("brand", {
      campaigns: [
        { title: "Spring serum launch", review: "OK" },
        { title: "Summer lipstick tour" },
        { title: "Autumn mascara drive", status: "paused" },
        { title: "Winter cream review", status: "closed" },
        { title: "Holiday perfume gifts", status: "closed", review: "KO" },
      ],
    });
    await brand.signIn(page);
    const deals = await myDeals(brand);
    const counts = countsOf(deals);
    expect(counts.open).toBeGreaterThan(0);
    expect(counts.paused).toBeGreaterThan(0);
    expect(counts.closed).toBeGreaterThan(0);

    await page.goto("/campaigns");
    await expect(page.getByRole("heading", { name: "Campaigns", level: 1 })).toBeVisible();
    await expectCounts(page, counts);
    await expect(cards(page)).toHaveCount(counts.all);
    // Default order: newest created first.
    expect(await shownIds(page)).toEqual(ordered(deals, "created", true));
    await page.screenshot({ path: "test-results/screenshots/campaigns-list.png", fullPage: true });

    // Each tab shows its campaigns only.
    for (const tab of ["paused", "closed", "open"] as const) {
      await page.getByRole("button", { name: `${TAB_LABELS[tab]} (${counts[tab]})`, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`state=${tab}`));
      await expect(cards(page)).toHaveCount(counts[tab]);
      const expected = deals.filter((deal) => deal.status === tab).map((deal) => deal.id);
      expect((await shownIds(page)).sort()).toEqual(expected.sort());
    }
    await page.getByRole("button", { name: `All (${counts.all})`, exact: true }).click();
    await expect(cards(page)).toHaveCount(counts.all);

    // Search: case-insensitive over title, description and author.
    const target = deals[deals.length - 1] as ApiDeal;
    const word = target.title.split(" ").find((part) => part.length > 4) ?? target.title;
    const needle = word.toLowerCase();
    const matching = deals.filter((deal) =>
      [deal.title, deal.description, deal.author].some((text) => text.toLowerCase().includes(needle)),
    );
    await page.getByLabel("Search campaigns").fill(word.toUpperCase());
    await expect(cards(page)).toHaveCount(matching.length);
    await expect(card(page, target.id)).toBeVisible();
    await expect(page).toHaveURL(/query=/);
    // A reload keeps the search.
    await page.reload();
    await expect(page.getByLabel("Search campaigns")).toHaveValue(word.toUpperCase());
    await expect(cards(page)).toHaveCount(matching.length);

    // Nothing matches: said so, with a way out.
    await page.getByLabel("Search campaigns").fill("zz-no-such-campaign-zz");
    await expect(page.getByText("No campaign matches these filters.")).toBeVisible();
    await page.getByRole("button", { name: "Clear filters" }).click();
    await expect(page.getByLabel("Search campaigns")).toHaveValue("");
    await expect(cards(page)).toHaveCount(counts.all);

    // Sorts, each in the URL; back restores the previous one.
    await page.getByLabel("Sort by").selectOption({ label: "Oldest first" });
    await expect(page).toHaveURL(/sort=time_m/);
    await expect.poll(() => shownIds(page)).toEqual(ordered(deals, "created", false));
    await page.getByLabel("Sort by").selectOption({ label: "Recently updated" });
    await expect.poll(() => shownIds(page)).toEqual(ordered(deals, "updated", true));
    await page.getByLabel("Sort by").selectOption({ label: "Least recently updated" });
    await expect.poll(() => shownIds(page)).toEqual(ordered(deals, "updated", false));
    await page.goBack();
    await expect(page.getByLabel("Sort by")).toHaveValue("update_p");
    await expect.poll(() => shownIds(page)).toEqual(ordered(deals, "updated", true));

    // An unknown value in the URL falls back to the default.
    await page.goto("/campaigns?state=bogus&sort=bogus");
    await expect(page.getByRole("button", { name: `All (${counts.all})`, exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(page.getByLabel("Sort by")).toHaveValue("time_p");
  });

  test("pausing and resuming an open campaign toasts and updates the counts", async ({ page, users, influencer }) => {
    const brand = await users.create("brand", {
      campaigns: [{ title: "Trail shoe launch" }, { title: "Rain jacket teaser", status: "paused" }],
    });
    const [dealId] = brand.campaigns.map((campaign) => campaign.id);
    // An influencer applies, so the campaign cannot be deleted.
    const applied = await influencer.api.post("/api/applications", {
      data: {
        dealId,
        text: "I run trails every weekend.",
        expiration: inAMonth(),
        prices: [{ networkId: influencer.networks[0]?.id, price: 150, creationDays: 5 }],
      },
    });
    expect(await applied.json()).toMatchObject({ status: "success" });
    await brand.signIn(page);
    const deals = await myDeals(brand);
    const counts = countsOf(deals);
    const open = deals.find((deal) => deal.id === dealId) as ApiDeal;
    expect(open).toMatchObject({ status: "open", applicants: 1 });

    await page.goto("/campaigns");
    await expectCounts(page, counts);
    await openMenu(page, open);
    const menu = page.getByRole("menu");
    await expect(menu.getByRole("menuitem", { name: "Edit" })).toBeVisible();
    await expect(menu.getByRole("menuitem", { name: "Resume" })).toHaveCount(0);
    // It has applicants: no delete.
    await expect(menu.getByRole("menuitem", { name: "Delete" })).toHaveCount(0);
    await menu.getByRole("menuitem", { name: "Pause" }).click();
    await expect(page.getByText("Your campaign is paused.", { exact: true })).toBeVisible();
    const paused = { ...counts, open: counts.open - 1, paused: counts.paused + 1 };
    await expectCounts(page, paused);
    await expect(card(page, open.id).getByText("Paused", { exact: true })).toBeVisible();
    expect(countsOf(await myDeals(brand))).toEqual(paused);

    // Keyboard: the menu opens with Enter and its items are reached with the arrows.
    await card(page, open.id)
      .getByRole("button", { name: `Actions for ${open.title}` })
      .focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("menu").getByRole("menuitem", { name: "Pause" })).toHaveCount(0);
    await expect(page.getByRole("menuitem", { name: "Edit" })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("menuitem", { name: "Resume" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByText("Your campaign is active again.", { exact: true })).toBeVisible();
    await expectCounts(page, counts);
    expect(countsOf(await myDeals(brand))).toEqual(counts);
  });

  test("a campaign without applicants is deleted after confirming", async ({ page, users }) => {
    const brand = await users.create("brand", { campaigns: [{ title: "Kept campaign" }] });
    // The one to delete, made through the API as the campaign wizard makes it.
    const created = await brand.api.post("/api/campaigns", {
      data: {
        networks: ["instagram"],
        title: "To delete",
        category: "beauty",
        price: "p25_100",
        deadline: inAMonth(),
        link: "https://example.com/delete-me",
        aAbout: "Anyone",
        aCountries: ["all"],
        aLanguages: ["en"],
        description: "A campaign made to be deleted.",
      },
    });
    const { data } = (await created.json()) as { data: { id: number } };
    await brand.signIn(page);
    const deals = await myDeals(brand);
    const counts = countsOf(deals);
    const target = deals.find((deal) => deal.id === data.id) as ApiDeal;
    expect(target.applicants).toBe(0);

    await page.goto("/campaigns");
    await expectCounts(page, counts);
    await openMenu(page, target);
    await page.getByRole("menuitem", { name: "Delete" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete this campaign?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(card(page, target.id)).toBeVisible();

    await openMenu(page, target);
    await page.getByRole("menuitem", { name: "Delete" }).click();
    await dialog.getByRole("button", { name: "Delete campaign" }).click();
    await expect(page.getByText("Your campaign has been deleted.", { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(card(page, target.id)).toHaveCount(0);
    const after = { ...counts, all: counts.all - 1, [target.status]: counts[target.status] - 1 };
    await expectCounts(page, after);
    const remaining = await myDeals(brand);
    expect(remaining.map((deal) => deal.id)).not.toContain(target.id);
    expect(countsOf(remaining)).toEqual(after);
  });

  test("a campaign page shows the campaign, and an unknown one says it does not exist", async ({ page, users }) => {
    const brand = await users.create("brand", { campaigns: [{ title: "Glow serum launch" }] });
    await brand.signIn(page);
    const deals = await myDeals(brand);
    const target = deals.find((deal) => deal.status === "open") as ApiDeal;

    await page.goto("/campaigns");
    await card(page, target.id).getByRole("link", { name: target.title }).click();
    await expect(page).toHaveURL(new RegExp(`/campaigns/${target.id}$`));
    await expect(page.getByRole("heading", { name: target.title, level: 1 })).toBeVisible();
    for (const label of ["Status", "Deadline", "Category", "Price per post", "Networks", "Applicants", "Review"]) {
      await expect(page.getByRole("term").filter({ hasText: new RegExp(`^${label}$`) })).toBeVisible();
    }
    await expect(page.getByRole("heading", { name: "Audience" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Description" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Edit" })).toHaveAttribute("href", `/campaigns/${target.id}/edit`);
    // Not an impersonating admin: no review control.
    await expect(page.getByRole("heading", { name: "Admin review" })).toHaveCount(0);
    await page.screenshot({ path: "test-results/screenshots/campaign-page.png", fullPage: true });

    // Pause and resume from the page.
    await page.getByRole("button", { name: "Pause" }).click();
    await expect(page.getByText("Your campaign is paused.", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Resume" }).click();
    await expect(page.getByText("Your campaign is active again.", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Pause" })).toBeVisible();

    await page.goto("/campaigns/2147483000");
    await expect(page.getByText("This campaign does not exist.")).toBeVisible();
    await page.getByRole("link", { name: "Back to campaigns" }).click();
    await expect(page).toHaveURL(/\/campaigns$/);
  });

  test("a campaign's review shows as a badge: waiting in neutral grey, rejected in red, nothing once approved", async ({
    page,
    users,
  }) => {
    const [waiting, rejected, approved] = ["Waiting gloss", "Rejected gloss", "Approved gloss"];
    const brand = await users.create("brand", {
      campaigns: [
        { title: waiting, review: "NONE" },
        { title: rejected, review: "KO" },
        { title: approved, review: "OK" },
      ],
    });
    await brand.signIn(page);
    await page.goto("/campaigns");
    const badgeOf = (title: string) => cards(page).filter({ hasText: title }).getByTestId("review-badge");
    // A new campaign has done nothing wrong: it waits, in the neutral tone, never in the rejected red.
    await expect(badgeOf(waiting)).toHaveText("Waiting for review");
    await expect(badgeOf(waiting)).toHaveClass(/bg-slate-100/);
    await expect(badgeOf(waiting)).not.toHaveClass(/red/);
    await expect(badgeOf(rejected)).toHaveText("Rejected");
    await expect(badgeOf(rejected)).toHaveClass(/bg-red-100/);
    await expect(badgeOf(approved)).toHaveCount(0);

    // The campaign's own page says the same.
    await page.goto(`/campaigns/${brand.campaigns[0]?.id}`);
    await expect(page.getByTestId("review-badge")).toHaveText("Waiting for review");
    await expect(page.getByTestId("review-badge")).toHaveClass(/bg-slate-100/);
  });

  test("an admin acting as the brand approves and rejects a campaign", async ({ page, users, admin }) => {
    const brand = await users.create("brand", { campaigns: [{ title: "Night cream relaunch", review: "KO" }] });
    const [rejected] = await myDeals(brand);
    if (!rejected) throw new Error("the brand's campaign is missing");

    await admin.signIn(page);
    await page.goto(`/admin/login?u=b&id=${brand.id}`);
    await expect(page).toHaveURL(/\/campaigns$/);
    await page.goto(`/campaigns/${rejected.id}`);

    const review = page.getByRole("region", { name: "Admin review" });
    await expect(review.getByText("Current review status: KO")).toBeVisible();
    await expect(review.getByRole("button", { name: "Reject" })).toBeDisabled();
    await review.getByRole("button", { name: "Approve" }).click();
    await expect(page.getByText("The campaign is approved.", { exact: true })).toBeVisible();
    await expect(review.getByText("Current review status: OK")).toBeVisible();
    await expect(review.getByRole("button", { name: "Approve" })).toBeDisabled();
    await expect(page.getByTestId("review-badge")).toHaveCount(0);

    await review.getByRole("button", { name: "Reject" }).click();
    await expect(page.getByText("The campaign is rejected.", { exact: true })).toBeVisible();
    await expect(review.getByText("Current review status: KO")).toBeVisible();
    await expect(page.getByTestId("review-badge")).toHaveText("Rejected");
    const answer = await page.request.get(`/api/deals/${rejected.id}`);
    expect(await answer.json()).toMatchObject({ status: "success", data: { reviewStatus: "KO" } });
  });
});
