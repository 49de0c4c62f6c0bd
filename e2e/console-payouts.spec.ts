import { MINUTE_MS } from "@market/contracts";
import type { Locator, Page } from "@playwright/test";
import { moveClock, resetClock, runSweeps } from "./support/server-clock";
import { expect, test } from "./support/users";

/**
 * The console's payouts queue (issue 36, point 2), on the demo's seeded queue (packages/db/src/seed/console-payouts.ts):
 * an admin retries the failed PayPal payout (to a good address) and the sandbox pays the retry; marks the demo
 * influencer's stuck payout failed with a reason, which the influencer then reads on their tracker; both are in the
 * audit view. The seeded payouts are the demo's only ones in their states, so this spec acts on each once.
 */

const DEMO_INFLUENCER = { email: "influencer@demo.test", password: "demo-password" };

/** The queue's row of a payout, found by text in its cells. */
const rowWith = (page: Page, text: string): Locator => page.getByTestId(/^payout-\d+$/).filter({ hasText: text });
const idOf = async (row: Locator) => Number((await row.getAttribute("data-testid"))?.replace("payout-", ""));

test.describe("the console's payouts queue", () => {
  test.describe.configure({ mode: "serial", timeout: 60_000 });
  test.afterEach(({ playwright, baseURL }) => resetClock(playwright, baseURL));

  test("an admin retries a failed payout from the queue, and the sandbox pays the retry", async ({ page, admin }) => {
    await admin.signIn(page);
    await page.goto("/admin");
    await page.getByRole("link", { name: "Payouts", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Payouts to look at" })).toBeVisible();
    await page.getByLabel("Provider").selectOption("paypal");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/provider=paypal/);
    const row = rowWith(page, "PayPal answered INTERNAL_SERVICE_ERROR");
    await expect(row).toBeVisible();
    const id = await idOf(row);
    await row.getByRole("button", { name: "Retry" }).click();
    const dialog = page.getByRole("dialog", { name: "Retry this payout?" });
    await expect(dialog).toContainText(`Payout ${id} of`);
    await dialog.getByLabel("Your reason (kept in the audit log)").fill("PayPal's outage is over");
    await dialog.getByRole("button", { name: "Yes, retry it" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("toast-success")).toContainText(new RegExp(`Payout ${id} retried as payout \\d+\\.`));
    await expect(row).toHaveCount(0);

    // The worker sends the retry, then a minute later on the server's clock reads the sandbox's payment.
    await runSweeps(admin.api);
    await moveClock(admin.api, { advanceMs: MINUTE_MS });
    await runSweeps(admin.api);
    await page.goto(`/admin/payouts/${id}`);
    await page.getByRole("link", { name: /^Retried by payout \d+$/ }).click();
    await expect(page.getByRole("heading", { name: /^Payout \d+$/ })).toBeVisible();
    const ledger = page.getByRole("table", { name: "Ledger history" });
    await expect(ledger.getByText("payout_request")).toBeVisible();
    await expect(ledger.getByText("payout_paid")).toBeVisible();
  });

  test("an admin marks a stuck payout failed with a reason the influencer then reads", async ({ page, admin }) => {
    await admin.signIn(page);
    await page.goto("/admin/payouts?state=stuck");
    await expect(page.getByRole("link", { name: /^Stuck/ })).toHaveAttribute("aria-current", "page");
    await page.getByLabel("Influencer's username").fill("demoinfluencer");
    await page.getByLabel("Influencer's username").press("Enter");
    const row = rowWith(page, "demoinfluencer");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("3 unanswered attempts");
    const id = await idOf(row);
    await row.getByRole("button", { name: "Mark failed" }).click();
    const dialog = page.getByRole("dialog", { name: "Mark this payout failed?" });
    // No reason: the dialog says what is missing and does nothing.
    await dialog.getByRole("button", { name: "Yes, mark it failed" }).click();
    await expect(dialog.getByText("Give a reason of at least 3 characters.")).toBeVisible();
    const reason = "PayPal confirmed this transfer was never made";
    await dialog.getByLabel("Your reason (the influencer reads it)").fill(reason);
    await dialog.getByRole("button", { name: "Yes, mark it failed" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("toast-success")).toContainText(`Payout ${id} marked failed`);
    await expect(row).toHaveCount(0);

    // The influencer reads the reason on their payouts tracker.
    await page.context().clearCookies();
    await page.goto("/login");
    await page.getByLabel("Username or email").fill(DEMO_INFLUENCER.email);
    await page.getByLabel("Password", { exact: true }).fill(DEMO_INFLUENCER.password);
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto("/earnings");
    await expect(page.getByTestId(`payout-${id}`)).toContainText(reason);
  });

  test("both actions are in the audit view with their reasons", async ({ page, admin }) => {
    await admin.signIn(page);
    await page.goto("/admin/audit?action=payout_retry");
    await expect(page.getByRole("table", { name: "Audit log" })).toContainText("PayPal's outage is over");
    await page.goto("/admin/audit?action=payout_mark_failed");
    await expect(page.getByRole("table", { name: "Audit log" })).toContainText(
      "PayPal confirmed this transfer was never made",
    );
  });
});
