import { readFile } from "node:fs/promises";
import { expect, test } from "./support/users";

/**
 * Campaign reports (issue 40, point 1): a brand opens its report from the header, reads the spend chart's table
 * (the chart's text), the split per network and influencer, downloads the CSV, and opens one campaign's report
 * from the campaign page. The hire is made through the API as users make it (users.hire), so every figure is the
 * ledger's: Instagram $100 and YouTube $300 at the default 10 % fee, B = $440.00.
 */

/** A UTC day as the report's tables name it ("Dec 6"). */
const dayLabel = (at: Date) =>
  new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" }).format(at);

test.describe("reports", () => {
  test.describe.configure({ timeout: 90_000 });

  test("a brand reads its report's tables, downloads the CSV and opens a campaign's report", async ({
    page,
    users,
    influencer,
  }) => {
    const title = `Report ${Date.now()}`;
    const brand = await users.create("brand", { campaigns: [{ title }] });
    await users.hire(brand, influencer, {
      prices: [
        { network: "instagram", dollars: 100 },
        { network: "youtube", dollars: 300 },
      ],
      released: true,
    });

    await brand.signIn(page);
    await page.goto("/campaigns");
    await page.getByRole("link", { name: "Reports" }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
    await expect(page.getByTestId("report-total-spend")).toHaveText("$440.00");
    await expect(page.getByTestId("report-total-hires")).toHaveText("1");

    // The spend chart's table: today's row holds the payment.
    const spend = page.getByRole("table", { name: "Spend over time" });
    const today = spend.getByRole("row", { name: new RegExp(`^${dayLabel(new Date())} `) });
    await expect(today.getByRole("cell").first()).toHaveText("$440.00");

    // The network split's table: the hire's money split by the networks' prices.
    const networks = page.getByRole("table", { name: "Network split" });
    await expect(
      networks
        .getByRole("row", { name: /^Instagram / })
        .getByRole("cell")
        .nth(2),
    ).toHaveText("$110.00");
    await expect(
      networks
        .getByRole("row", { name: /^YouTube / })
        .getByRole("cell")
        .nth(2),
    ).toHaveText("$330.00");
    const influencers = page.getByRole("table", { name: "Engagement per influencer" });
    await expect(influencers.getByRole("row", { name: new RegExp(`^${influencer.username} `) })).toBeVisible();

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^report-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path()) as string, "utf8");
    expect(csv).toContain("Total,,1,2,440.00,40.00,0.00,440.00");
    expect(csv).toContain(`Campaign,${title},1,2,440.00`);

    // One campaign's report, from the campaign page.
    await page.goto(`/campaigns/${brand.campaigns[0]?.id}`);
    await page.getByRole("link", { name: "Report", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Report: ${title}` })).toBeVisible();
    await expect(page.getByTestId("report-total-posts")).toHaveText("2");
    await expect(page.getByTestId("report-total-spend")).toHaveText("$440.00");
  });

  test("a brand without hires reads that its report is empty", async ({ page, users }) => {
    const brand = await users.create("brand", { campaigns: [{ title: `No report ${Date.now()}` }] });
    await brand.signIn(page);
    await page.goto("/reports");
    await expect(page.getByText(/No hires in this period yet/)).toBeVisible();
    await expect(page.getByRole("link", { name: "Download CSV" })).toHaveCount(0);
  });
});
