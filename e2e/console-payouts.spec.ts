import { MINUTE_MS } from "@market/contracts";
import { queuedPayout } from "./support/queued-payouts";
import { moveClock, resetClock, runSweeps } from "./support/server-clock";
import { expect, test } from "./support/users";

/**
 * The console's payouts queue (issue 36, point 2), each test on a payout of its own influencer
 * (support/queued-payouts.ts): an admin retries a failed PayPal payout and the sandbox pays the retry; marks a stuck
 * payout failed with a reason, which the influencer then reads on their tracker; both are in the audit view.
 */

test.describe("the console's payouts queue", () => {
  // A hire made through the API before the screens: longer than one screen's test on a shared machine.
  test.describe.configure({ timeout: 90_000 });
  test.afterEach(({ playwright, baseURL }) => resetClock(playwright, baseURL));

  test("an admin retries a failed payout from the queue, and the sandbox pays the retry", async ({
    page,
    users,
    influencer,
    admin,
  }) => {
    const id = await queuedPayout(users, influencer, "failed");
    await admin.signIn(page);
    await page.goto("/admin");
    await page.getByRole("link", { name: "Payouts", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Payouts to look at" })).toBeVisible();
    await page.getByLabel("Provider").selectOption("paypal");
    await page.getByLabel("Influencer's username").fill(influencer.username);
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/provider=paypal/);
    const row = page.getByTestId(`payout-${id}`);
    await expect(row).toContainText("PayPal answered INTERNAL_SERVICE_ERROR");
    await row.getByRole("button", { name: "Retry" }).click();
    const dialog = page.getByRole("dialog", { name: "Retry this payout?" });
    await expect(dialog).toContainText(`Payout ${id} of`);
    const reason = "PayPal's outage is over";
    await dialog.getByLabel("Your reason (kept in the audit log)").fill(reason);
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

    // The audit view has the retry, with its reason.
    await page.goto(`/admin/audit?action=payout_retry&targetType=payout&targetId=${id}`);
    await expect(page.getByRole("table", { name: "Audit log" })).toContainText(reason);
  });

  test("an admin marks a stuck payout failed with a reason the influencer then reads", async ({
    page,
    users,
    influencer,
    admin,
  }) => {
    const id = await queuedPayout(users, influencer, "stuck");
    await admin.signIn(page);
    await page.goto("/admin/payouts?state=stuck");
    await expect(page.getByRole("link", { name: /^Stuck/ })).toHaveAttribute("aria-current", "page");
    await page.getByLabel("Influencer's username").fill(influencer.username);
    await page.getByLabel("Influencer's username").press("Enter");
    const row = page.getByTestId(/^payout-\d+$/);
    await expect(row).toHaveCount(1);
    await expect(row).toHaveAttribute("data-testid", `payout-${id}`);
    await expect(row).toContainText("3 unanswered attempts");
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

    // The audit view has it, with its reason.
    await page.goto(`/admin/audit?action=payout_mark_failed&targetType=payout&targetId=${id}`);
    await expect(page.getByRole("table", { name: "Audit log" })).toContainText(reason);

    // The influencer reads the reason on their payouts tracker.
    await influencer.signIn(page);
    await page.goto("/earnings");
    await expect(page.getByTestId(`payout-${id}`)).toContainText(reason);
  });
});
