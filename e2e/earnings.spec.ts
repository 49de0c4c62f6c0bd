import { readFile } from "node:fs/promises";
import { MINUTE_MS } from "@market/contracts";
import type { APIRequestContext, Download, Locator, Page } from "@playwright/test";
import { ok } from "./support/envelope";
import { moveClock, resetClock, runSweeps } from "./support/server-clock";
import { expect, type TestUser, test, type Users } from "./support/users";

/**
 * Earnings, payouts and hires (issue 14): the influencer's statement, payouts by PayPal and TransferWise walked from
 * requested to paid by the payout sandbox, a failed payout retried from the tracker, and the brand's hires with
 * their statement. The money comes from hires paid and released through the API (users.hire), so every figure is
 * the ledger's. The e2e server's sandbox pays a second after sending (scripts/e2e.mjs); POST /api/test/sweeps runs
 * the payout worker now, and the clock moves a minute so that the worker's first look at a sent payout is due.
 */

/** The payout worker sends what is requested, then, a minute later on the server's clock, settles what it sent. */
async function payoutWorkerRunsItsCourse(api: APIRequestContext) {
  await runSweeps(api);
  await moveClock(api, { advanceMs: MINUTE_MS });
  await runSweeps(api);
}

/** Today as statements write days (YYYY-MM-DD, UTC), and name their file with. */
const day = () => new Date().toISOString().slice(0, 10);

/** Clicks the statement link and reads the file the browser saved. */
async function downloadStatement(page: Page): Promise<{ name: string; lines: string[] }> {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download statement" }).click(),
  ]);
  return { name: download.suggestedFilename(), lines: await linesOf(download) };
}

async function linesOf(download: Download): Promise<string[]> {
  const text = await readFile(await download.path(), "utf8");
  return text.split("\r\n").filter((line) => line !== "");
}

/** An influencer whose balance holds I of a released $400 hire: $360 (the default 10 % fee). */
async function influencerWithEarnings(users: Users, influencer: TestUser, title: string) {
  const brand = await users.create("brand", { campaigns: [{ title }] });
  return users.hire(brand, influencer, { released: true });
}

const trackerCard = (page: Page, text: string): Locator => page.getByTestId(/^payout-\d+$/).filter({ hasText: text });

/** Fills the payout form's destination and password (the amount is the caller's). */
async function fillDestination(
  page: Page,
  influencer: TestUser,
  destination: { method: "PayPal" | "TransferWise"; email: string; owner?: string },
) {
  await page.getByRole("radio", { name: destination.method }).check();
  if (destination.owner !== undefined) await page.getByLabel("Account owner's full name").fill(destination.owner);
  if (destination.method === "TransferWise") {
    // Wise pays a US bank account by ACH (issue 35): its details, the address as the bank knows it.
    await expect(page.getByRole("radio", { name: "To my US bank account" })).toBeChecked();
    await page.getByLabel("ACH routing number").fill("111000025");
    await page.getByLabel("Account number").fill("12345678");
    await page.getByLabel("Street address").fill("50 Branson Ave");
    await page.getByLabel("City").fill("New York");
    await page.getByLabel("State (two-letter code)").fill("NY");
    await page.getByLabel("ZIP or postal code").fill("10025");
  }
  await page.getByLabel(`${destination.method} email`).fill(destination.email);
  await page.getByLabel("Confirm email").fill(destination.email);
  await page.getByLabel("Your password").fill(influencer.password);
}

test.describe("earnings and payouts", () => {
  // Each test pays a hire through the API first, and waits for the page's next look at the payouts (5 s).
  test.describe.configure({ timeout: 60_000 });
  // The clock is the whole server's: set it back to real time after each test, whatever happened.
  test.afterEach(({ playwright, baseURL }) => resetClock(playwright, baseURL));

  test("an influencer with a released payment downloads the statement: named with the date, amounts in USD", async ({
    page,
    users,
    influencer,
  }) => {
    const title = `Statement ${Date.now()}`;
    const hire = await influencerWithEarnings(users, influencer, title);
    expect(hire).toMatchObject({ priceCents: 40_000, influencerCents: 36_000 });

    await influencer.signIn(page);
    await page.goto("/earnings");
    await expect(page.getByTestId("earnings-balance")).toHaveText("$360.00");
    const row = page.getByRole("row").filter({ hasText: title });
    await expect(row).toContainText("$400.00");
    await expect(row).toContainText("10%");
    await expect(row).toContainText("+$360.00");
    await expect(row).toContainText("Released");

    const statement = await downloadStatement(page);
    expect(statement.name).toBe(`earnings-statement-${day()}.csv`);
    // Released by the brand before its window's end: the release date is the day it was released.
    expect(statement.lines).toEqual([
      "Date,Type,Credit or debit,Description,Status,Amount (USD),Fees (%),Amount without fees (USD),Release date,Refund date,Usage rights",
      `${day()},i-payment,credit,${title},released,400.00,10,360.00,${day()},,Instagram: Post on your account only`,
    ]);
  });

  test("an influencer requests a payout by PayPal and one by TransferWise, and sees each processing, then paid", async ({
    page,
    users,
    influencer,
  }) => {
    await influencerWithEarnings(users, influencer, `Payouts ${Date.now()}`);
    await influencer.signIn(page);
    await page.goto("/earnings");
    await page.getByRole("link", { name: "Request a payout" }).click();
    await expect(page.getByTestId("payout-balance")).toHaveText("$360.00");

    // PayPal, the amount typed with a comma.
    await page.getByLabel("Amount (USD)").fill("50,50");
    await fillDestination(page, influencer, { method: "PayPal", email: "ann.paypal@example.com" });
    await page.getByRole("button", { name: "Request payout" }).click();
    await expect(page.getByTestId("payout-balance")).toHaveText("$309.50");

    // TransferWise needs the account owner's name.
    await page.getByLabel("Amount (USD)").fill("60");
    await fillDestination(page, influencer, { method: "TransferWise", email: "ann.wise@example.com" });
    // A mistyped routing number is caught by its check digit, before Wise.
    await page.getByLabel("ACH routing number").fill("111000026");
    await page.getByRole("button", { name: "Request payout" }).click();
    await expect(page.getByText("Full name required.")).toBeVisible();
    await expect(page.getByText("This is not a valid routing number")).toBeVisible();
    await page.getByLabel("Account owner's full name").fill("  Ann Lee  ");
    await page.getByLabel("ACH routing number").fill("111000025");
    await page.getByRole("button", { name: "Request payout" }).click();
    await expect(page.getByTestId("payout-balance")).toHaveText("$249.50");

    await page.getByRole("link", { name: "Back to earnings" }).click();
    await expect(page.getByTestId("earnings-balance")).toHaveText("$249.50");
    const paypal = trackerCard(page, "$50.50 by PayPal to ann.paypal@example.com");
    const wise = trackerCard(page, "$60.00 by TransferWise to ann.wise@example.com");
    await expect(wise).toContainText("to Checking account ending in 5678");
    // A step reached shows its date ("Paid · Nov 25, 2026"); the steps ahead show greyed, without one.
    const step = (card: Locator, name: string) => card.getByRole("listitem").filter({ hasText: `${name} ·` });
    for (const card of [paypal, wise]) {
      await expect(step(card, "Requested")).toBeVisible();
      await expect(step(card, "Paid")).toHaveCount(0);
    }
    const payoutRows = page.getByRole("row").filter({ hasText: "Payout by" });
    await expect(payoutRows).toHaveCount(2);
    for (const row of await payoutRows.all()) await expect(row).toContainText("Processing");

    await payoutWorkerRunsItsCourse(influencer.api);
    // No reload: the page looks again while a payout is on its way.
    for (const card of [paypal, wise]) {
      await expect(step(card, "Paid")).toBeVisible({ timeout: 10_000 });
      await expect(step(card, "Sent")).toBeVisible();
    }
    for (const row of await payoutRows.all()) await expect(row).toContainText("Paid");
    await expect(page.getByTestId("earnings-balance")).toHaveText("$249.50");
  });

  test("a failed payout is retried from the tracker: to the same account in one click, or to another method", async ({
    page,
    users,
    influencer,
  }) => {
    await influencerWithEarnings(users, influencer, `Retries ${Date.now()}`);
    // The sandbox fails a payout to an email containing "fail".
    for (const [amountInCents, email] of [
      [4_000, "fail.same@example.com"],
      [3_000, "fail.other@example.com"],
    ] as const) {
      await ok(
        influencer.api.post("/api/earnings/payout", {
          data: { method: "paypal", amountInCents, email, password: influencer.password },
        }),
        "a payout bound to fail",
      );
    }
    await payoutWorkerRunsItsCourse(influencer.api);

    await influencer.signIn(page);
    await page.goto("/earnings");
    // Both failed: their money is back in the balance.
    await expect(page.getByTestId("earnings-balance")).toHaveText("$360.00");
    // Each shows as what the ledger did: its debit, marked failed, and the money coming back, so the rows add up.
    const returned = page.getByRole("row").filter({ hasText: "Payout by PayPal failed: money returned" });
    await expect(returned).toHaveCount(2);
    await expect(returned.filter({ hasText: "+$40.00" })).toHaveCount(1);
    for (const row of await returned.all()) await expect(row).toContainText("Returned");
    await expect(page.getByRole("row").filter({ hasText: "−$40.00" })).toContainText("Failed");
    const same = trackerCard(page, "$40.00 by PayPal to fail.same@example.com");
    const other = trackerCard(page, "$30.00 by PayPal to fail.other@example.com");
    for (const card of [same, other]) {
      await expect(card).toContainText("Failed");
      await expect(card).toContainText("The receiving account does not exist or cannot receive money");
    }

    // One click, nothing typed: the same amount to the same account.
    await same.getByRole("button", { name: "Retry this payout" }).click();
    await expect(page.getByTestId("earnings-balance")).toHaveText("$320.00");
    await expect(trackerCard(page, "$40.00 by PayPal to fail.same@example.com")).toHaveCount(2);
    await expect(same.getByRole("button", { name: "Retry this payout" })).toHaveCount(0);

    // Another method: the payout page with the failed payout's amount filled in and fixed.
    await other.getByRole("link", { name: "Retry with another method" }).click();
    await expect(page.getByRole("heading", { name: "Retry a failed payout" })).toBeVisible();
    await expect(page.getByText("The failed payout of $30.00 by PayPal to fail.other@example.com")).toBeVisible();
    const amount = page.getByLabel("Amount (USD)");
    await expect(amount).toHaveValue("30.00");
    await expect(amount).toHaveAttribute("readonly", "");
    await expect(page.getByRole("radio", { name: "TransferWise" })).toBeChecked();
    await fillDestination(page, influencer, { method: "TransferWise", email: "ann.ok@example.com", owner: "Ann Lee" });
    await page.getByRole("button", { name: "Retry payout" }).click();

    await expect(page).toHaveURL(/\/earnings$/);
    await expect(page.getByTestId("earnings-balance")).toHaveText("$290.00");
    const retried = trackerCard(page, "$30.00 by TransferWise to ann.ok@example.com");
    await expect(retried).toContainText("Requested");
    await expect(other.getByRole("link", { name: "Retry with another method" })).toHaveCount(0);

    await payoutWorkerRunsItsCourse(influencer.api);
    await expect(retried.getByRole("listitem").filter({ hasText: "Paid ·" })).toBeVisible({ timeout: 10_000 });
  });

  test("below the $20 minimum, Request a payout is disabled with the reason beside it", async ({
    page,
    influencer,
  }) => {
    await influencer.signIn(page);
    await page.goto("/earnings");
    await expect(page.getByTestId("earnings-balance")).toHaveText("$0.00");
    const request = page.getByRole("button", { name: "Request a payout" });
    await expect(request).toBeDisabled();
    await expect(request).toHaveAccessibleDescription("You can request a payout once your balance reaches $20.00.");
    await expect(page.getByRole("link", { name: "Request a payout" })).toHaveCount(0);
    await expect(page.getByTestId("header-balance")).toHaveText("$0.00");

    // The payout page names the same minimum the same way (issue 32: one read "$20", the other "$20.00").
    await page.goto("/earnings/payout");
    await expect(page.getByTestId("payout-balance")).toHaveText("$0.00");
    await expect(page.getByText("The minimum payout is $20.00.", { exact: true })).toBeVisible();
    await expect(
      page.getByText("You can request a payout once your balance reaches $20.00.", { exact: true }),
    ).toBeVisible();
    // And so does the help center's answer about payouts.
    await page.goto("/help-center");
    await page.getByRole("button", { name: "How do I withdraw my earnings?" }).click();
    await expect(page.getByText("request a payout once your balance reaches $20.00.")).toBeVisible();
  });

  test("a brand sees its hires with the totals released and pending, and downloads its statement", async ({
    page,
    users,
    influencer,
  }) => {
    const stamp = Date.now();
    const released = `Released hire ${stamp}`;
    const pending = `Pending hire ${stamp}`;
    const brand = await users.create("brand", { campaigns: [{ title: released }, { title: pending }] });
    const [first, second] = brand.campaigns;
    await users.hire(brand, influencer, { campaignId: first?.id, released: true });
    await users.hire(brand, influencer, {
      campaignId: second?.id,
      prices: [
        { network: "instagram", dollars: 120 },
        { network: "youtube", dollars: 180 },
      ],
    });

    await brand.signIn(page);
    await page.goto("/");
    await page.getByRole("link", { name: "Hires" }).first().click();
    await expect(page.getByTestId("hires-released")).toHaveText("$440.00");
    await expect(page.getByTestId("hires-pending")).toHaveText("$330.00");
    const releasedRow = page.getByRole("row").filter({ hasText: released });
    for (const text of ["$400.00", "$40.00", "$440.00", "Released", influencer.username]) {
      await expect(releasedRow).toContainText(text);
    }
    const pendingRow = page.getByRole("row").filter({ hasText: pending });
    for (const text of ["$300.00", "$30.00", "$330.00", "Pending"]) await expect(pendingRow).toContainText(text);

    const statement = await downloadStatement(page);
    // Each hired line's usage rights, as the brand reads them: none were asked, so organic.
    const organic = "Post on the influencer's account only";
    expect(statement.name).toBe(`hires-statement-${day()}.csv`);
    expect(statement.lines).toEqual([
      "Date,Description,Influencer,Amount (USD),Fees (USD),Total (USD),Status,Refund date,Usage rights",
      `${day()},${pending},${influencer.username},300.00,30.00,330.00,pending,,Instagram: ${organic}; YouTube: ${organic}`,
      `${day()},${released},${influencer.username},400.00,40.00,440.00,released,,Instagram: ${organic}`,
    ]);
  });
});
