import { MINUTE_MS } from "@market/contracts";
import type { Locator, Page } from "@playwright/test";
import { ok } from "./support/envelope";
import { downloadedPdfText } from "./support/pdf-text";
import { moveClock, resetClock, runSweeps } from "./support/server-clock";
import { expect, test } from "./support/users";

/**
 * Receipts (issue 40, point 5): the brand downloads the PDF receipt of a paid hire from its hires and from the
 * application page, the influencer that of a paid payout from the tracker; each file's text holds the amount. The
 * money comes through the API as users make it (users.hire), so every figure is the ledger's.
 */

/** Clicks a download link and reads the PDF the browser saved: its name and text. */
async function downloadPdf(page: Page, link: Locator): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  return { name: download.suggestedFilename(), text: await downloadedPdfText(download) };
}

test.describe("receipts", () => {
  test.describe.configure({ timeout: 60_000 });
  // The payout test moves the whole server's clock: back to real time after each test, whatever happened.
  test.afterEach(({ playwright, baseURL }) => resetClock(playwright, baseURL));

  test("a brand downloads the receipt of a paid hire from its hires and from the application page", async ({
    page,
    users,
    influencer,
  }) => {
    const title = `Receipt ${Date.now()}`;
    const brand = await users.create("brand", { campaigns: [{ title }] });
    const hire = await users.hire(brand, influencer, { prices: [{ network: "instagram", dollars: 400 }] });
    expect(hire).toMatchObject({ priceCents: 40_000, brandCents: 44_000 });

    await brand.signIn(page);
    await page.goto("/hires");
    const fromHires = await downloadPdf(page, page.getByTestId(`hire-receipt-${hire.id}`));
    expect(fromHires.name).toMatch(new RegExp(`^receipt-IM-P-\\d{4}-0*${hire.id}\\.pdf$`));
    for (const expected of ["Payment receipt", title, `@${influencer.username}`, "Total paid $440.00", "$40.00"]) {
      expect(fromHires.text).toContain(expected);
    }

    await page.goto(`/applications/${hire.id}`);
    const fromPage = await downloadPdf(page, page.getByRole("link", { name: "Download receipt" }));
    expect(fromPage.name).toBe(fromHires.name);
    expect(fromPage.text).toContain("Total paid $440.00");
  });

  test("an influencer downloads the receipt of a paid payout from the tracker", async ({ page, users, influencer }) => {
    const brand = await users.create("brand", { campaigns: [{ title: `Payout receipt ${Date.now()}` }] });
    await users.hire(brand, influencer, { released: true });
    await ok(
      influencer.api.post("/api/earnings/payout", {
        data: { method: "paypal", amountInCents: 2_500, email: "receipts@example.com", password: influencer.password },
      }),
      "a payout",
    );
    // The payout worker sends it, then, a minute later on the server's clock, reads that the sandbox paid it.
    await runSweeps(influencer.api);
    await moveClock(influencer.api, { advanceMs: MINUTE_MS });
    await runSweeps(influencer.api);

    await influencer.signIn(page);
    await page.goto("/earnings");
    const card = page.getByTestId(/^payout-\d+$/).filter({ hasText: "$25.00" });
    await expect(card).toContainText("Paid");
    const receipt = await downloadPdf(page, card.getByRole("link", { name: /Download receipt/ }));
    expect(receipt.name).toMatch(/^receipt-IM-O-\d{4}-\d{6,}\.pdf$/);
    for (const expected of ["Payout receipt", "Method PayPal", "receipts@example.com", "Total paid out $25.00"]) {
      expect(receipt.text).toContain(expected);
    }
  });
});
