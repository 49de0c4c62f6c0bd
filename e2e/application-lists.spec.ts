import { APPLICATIONS_PAGE_SIZE, DAY_MS, HOUR_MS, INFINITE_SCROLL_THRESHOLD_PX } from "@market/contracts";
import type { Page } from "@playwright/test";
import { expect, INFLUENCER_NETWORKS, type TestUser, test, type Users } from "./support/users";

/** A proposal sent through the public API, as the proposal modal sends it. */
async function propose(
  influencer: TestUser,
  dealId: number,
  { price, expiresInMs = 30 * DAY_MS }: { price: number; expiresInMs?: number },
): Promise<number> {
  const answer = await influencer.api.post("/api/applications", {
    data: {
      dealId,
      text: `${influencer.username} would love to work with you.`,
      expiration: new Date(Date.now() + expiresInMs).toISOString(),
      prices: [{ networkId: influencer.networks[0]?.id, price, creationDays: 5 }],
    },
  });
  const body = (await answer.json()) as { status: string; data: { id: number } };
  expect(body, `${influencer.username}'s proposal`).toMatchObject({ status: "success" });
  return body.data.id;
}

/** `count` influencers, each proposing to the deal at its own price (25 + 10 per rank). */
async function applicants(users: Users, dealId: number, count: number) {
  const made: { influencer: TestUser; id: number; price: number }[] = [];
  // A few at a time: each makes an account, then a proposal.
  for (let start = 0; start < count; start += 6) {
    const batch = Array.from({ length: Math.min(6, count - start) }, async (_, offset) => {
      const price = 25 + 10 * (start + offset);
      const influencer = await users.create("influencer", { networks: INFLUENCER_NETWORKS });
      return { influencer, price, id: await propose(influencer, dealId, { price }) };
    });
    made.push(...(await Promise.all(batch)));
  }
  return made;
}

const cards = (page: Page) => page.getByTestId("application-card");
const card = (page: Page, id: number) => page.locator(`[aria-labelledby="application-${id}-title"]`);

test.describe("applications lists", () => {
  test("a brand opens a campaign's applicants, searches, filters, sorts and scrolls for more", async ({
    page,
    users,
  }) => {
    test.slow();
    const brand = await users.create("brand", { campaigns: [{ title: "Glow serum launch", review: "OK" }] });
    const dealId = brand.campaigns[0]?.id as number;
    const many = await applicants(users, dealId, APPLICATIONS_PAGE_SIZE + 2);
    // One proposal about to expire (the time-left badge), one already expired (read as declined, expired).
    const soon = await users.create("influencer", { networks: INFLUENCER_NETWORKS });
    const soonId = await propose(soon, dealId, { price: 30, expiresInMs: 30 * HOUR_MS });
    const lapsed = await users.create("influencer", { networks: INFLUENCER_NETWORKS });
    const lapsesAt = Date.now() + 1_500;
    const lapsedId = await propose(lapsed, dealId, { price: 40, expiresInMs: 1_500 });
    await expect.poll(() => Date.now(), { timeout: 10_000 }).toBeGreaterThan(lapsesAt + 500);
    const total = many.length + 2;

    await brand.signIn(page);
    await page.goto(`/campaigns/${dealId}`);
    await page.getByRole("link", { name: `${total} applicants` }).click();
    await expect(page).toHaveURL(new RegExp(`/campaigns/${dealId}/applications$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Applicants of Glow serum launch");

    // The first page: 20 cards, each linking to its application; the badge only on the one expiring soon.
    await expect(cards(page)).toHaveCount(APPLICATIONS_PAGE_SIZE);
    await expect(page.getByText(`${APPLICATIONS_PAGE_SIZE} applications shown`)).toBeVisible();
    await expect(card(page, soonId).getByTestId("time-left")).toHaveText("1 day left");
    await expect(page.getByTestId("time-left")).toHaveCount(1);
    await expect(card(page, soonId).getByRole("link", { name: soon.username })).toHaveAttribute(
      "href",
      `/applications/${soonId}`,
    );

    // Scrolling to a bit more than the threshold above the list's end loads nothing; within it, the next page.
    const more = page.getByRole("button", { name: "Show more" });
    const scrollToGap = async (gap: number) => {
      const box = await more.boundingBox();
      const scrollY = await page.evaluate<number>("window.scrollY");
      const height = page.viewportSize()?.height ?? 0;
      await page.evaluate(`window.scrollTo(0, ${(box?.y ?? 0) + scrollY - height - gap})`);
    };
    await scrollToGap(INFINITE_SCROLL_THRESHOLD_PX + 200);
    await page.waitForTimeout(500);
    await expect(cards(page)).toHaveCount(APPLICATIONS_PAGE_SIZE);
    await scrollToGap(INFINITE_SCROLL_THRESHOLD_PX - 100);
    await expect(cards(page)).toHaveCount(total);
    await expect(page.getByText(`${total} applications, all shown`)).toBeVisible();
    await expect(more).toHaveCount(0);

    // Search by username (case-insensitive), applied on Enter, kept in the URL.
    const search = page.getByRole("searchbox", { name: "Search" });
    const target = many[3];
    await search.fill(target?.influencer.username.toUpperCase() ?? "");
    await search.press("Enter");
    await expect(cards(page)).toHaveCount(1);
    await expect(card(page, target?.id as number)).toBeVisible();
    await expect(page).toHaveURL(/query=INFLUENCER_/);

    // A status with nothing to show says so and offers to clear the filters.
    await search.fill("");
    await page.getByLabel("Status").selectOption("progress");
    await expect(page).toHaveURL(/status=progress/);
    await expect(page.getByText("No application matches these filters.")).toBeVisible();
    await page.getByRole("button", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(new RegExp(`/campaigns/${dealId}/applications$`));
    await expect(card(page, soonId)).toBeVisible();

    // Declined or expired: the lapsed proposal alone, said expired.
    await page.getByLabel("Status").selectOption("denied");
    await expect(cards(page)).toHaveCount(1);
    await expect(card(page, lapsedId).getByText("Expired", { exact: true })).toBeVisible();

    // The sort by price, highest first, from the URL after a reload; back restores the previous state.
    await page.getByLabel("Status").selectOption("waiting");
    await page.getByLabel("Sort by").selectOption("price_p");
    await expect(page).toHaveURL(/status=waiting&sort=price_p|sort=price_p&status=waiting/);
    await page.reload();
    const highest = many[many.length - 1];
    await expect(cards(page).first()).toHaveAttribute("aria-labelledby", `application-${highest?.id}-title`);
    await expect(page.getByLabel("Sort by")).toHaveValue("price_p");
    await page.goBack();
    await expect(page.getByLabel("Sort by")).toHaveValue("time_p");
    await expect(page.getByLabel("Status")).toHaveValue("waiting");

    // The header's Applications lists them across the brand's campaigns, naming the campaign.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Applications" }).click();
    await expect(page).toHaveURL(/\/applications$/);
    await expect(card(page, soonId).getByText("for Glow serum launch")).toBeVisible();
    // A card opens its application.
    await card(page, soonId).getByRole("link", { name: soon.username }).click();
    await expect(page).toHaveURL(new RegExp(`/applications/${soonId}$`));
    await expect(page.getByRole("heading", { level: 1, name: `Application of ${soon.username}` })).toBeVisible();
  });

  test("an influencer sees its proposals at /proposals, and a keyboard reaches them", async ({
    page,
    users,
    influencer,
  }) => {
    const brand = await users.create("brand", {
      campaigns: [{ title: "Trail shoe tour" }, { title: "Rain coat drop" }],
    });
    const [shoes, coats] = brand.campaigns.map((campaign) => campaign.id) as [number, number];
    const shoesId = await propose(influencer, shoes, { price: 120 });
    await propose(influencer, coats, { price: 80 });

    await influencer.signIn(page);
    await page.goto("/search");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Proposals" }).click();
    await expect(page).toHaveURL(/\/proposals$/);
    await expect(page.getByRole("heading", { level: 1, name: "Your proposals" })).toBeVisible();
    await expect(cards(page)).toHaveCount(2);
    const shoeCard = card(page, shoesId);
    await expect(shoeCard.getByText(`by Brand ${brand.username}`)).toBeVisible();
    await expect(shoeCard.getByText("Waiting", { exact: true })).toBeVisible();
    await expect(shoeCard.getByText("$120.00")).toBeVisible();

    // Search by deal title, by keyboard only.
    await page.getByRole("searchbox", { name: "Search" }).focus();
    await page.keyboard.type("trail shoe");
    await page.keyboard.press("Enter");
    await expect(cards(page)).toHaveCount(1);
    await expect(shoeCard.getByRole("link", { name: "Trail shoe tour" })).toHaveAttribute(
      "href",
      `/proposals/${shoesId}`,
    );

    await shoeCard.getByRole("link", { name: "Trail shoe tour" }).press("Enter");
    await expect(page).toHaveURL(new RegExp(`/proposals/${shoesId}$`));
    await expect(page.getByRole("heading", { level: 1, name: "Your proposal: Trail shoe tour" })).toBeVisible();

    // /applications is the same list for an influencer, filters kept.
    await page.goto("/applications?status=waiting&query=rain");
    await expect(page).toHaveURL(/\/proposals\?/);
    await expect(cards(page)).toHaveCount(1);
    await expect(page.getByLabel("Status")).toHaveValue("waiting");
  });

  test("empty lists say so and point somewhere useful", async ({ page, users, influencer }) => {
    const brand = await users.create("brand", { campaigns: [{ title: "Quiet candle launch" }] });
    await brand.signIn(page);
    await page.goto(`/campaigns/${brand.campaigns[0]?.id}/applications`);
    await expect(page.getByText("No influencer has applied to this campaign yet.")).toBeVisible();

    await influencer.signIn(page);
    await page.goto("/proposals");
    await expect(page.getByText("You have not sent any proposal yet.")).toBeVisible();
    await page.getByRole("link", { name: "Find deals" }).last().click();
    await expect(page).toHaveURL(/\/search/);
  });

  test("another brand's campaign has no applicants to show", async ({ page, users }) => {
    const owner = await users.create("brand", { campaigns: [{ title: "Private launch" }] });
    const other = await users.create("brand");
    await other.signIn(page);
    await page.goto(`/campaigns/${owner.campaigns[0]?.id}/applications`);
    await expect(page.getByRole("alert")).toHaveText("This campaign does not exist.");
  });
});
