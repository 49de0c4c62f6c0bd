import { readFile } from "node:fs/promises";
import { pageOf } from "./support/second-page";
import { expect, test } from "./support/users";

const APPEAL_FILE = "day,new_followers,source\ntue,38500,tv feature\n";

test("an admin flags with a reason, the influencer appeals with a file, the admin lifts it, all in the audit", async ({
  page,
  browser,
  admin,
  influencer,
}) => {
  // Two people's sessions and a dozen screens: the whole loop takes longer than one screen's test.
  test.slow();
  // The admin flags the influencer from the console, by username, with a reason and a note, after confirming.
  await admin.signIn(page);
  await page.goto("/admin/flags");
  await expect(page.getByRole("link", { name: "Flags" })).toBeVisible();
  const form = page.getByRole("form", { name: "Flag an influencer" });
  await form.getByRole("button", { name: "Flag as FAKE" }).click();
  await expect(form.getByText("Enter the influencer's id or username.")).toBeVisible();
  await form.getByLabel("Influencer id or username").fill(influencer.username);
  await form.getByLabel("Reason").selectOption({ label: "Fake or bought followers" });
  await form.getByLabel("Note to the influencer (optional)").fill("40,000 followers in two days.");
  await form.getByRole("button", { name: "Flag as FAKE" }).click();
  const confirmation = page.getByRole("dialog", { name: `Flag ${influencer.username} as FAKE?` });
  await expect(confirmation).toContainText("brands see a warning");
  await confirmation.getByRole("button", { name: "Flag as FAKE" }).click();
  await expect(confirmation).toBeHidden();
  await expect(page.getByTestId("toast-success")).toContainText(
    `${influencer.username} is flagged. They were told why.`,
  );
  await page.getByRole("link", { name: "Flagged influencers" }).click();
  await page.getByLabel("Order").selectOption("newest");
  await expect(page.getByTestId("flag-row").first()).toContainText(influencer.username);

  // The influencer reads the reason on their account and appeals with a text and a file.
  const own = await pageOf(browser, influencer);
  await own.goto("/account");
  const notice = own.getByTestId("flag-notice");
  await expect(notice).toContainText("Your profile is flagged");
  await expect(notice).toContainText("Reason: Fake or bought followers");
  await expect(notice).toContainText("Admin's note: 40,000 followers in two days.");
  await notice.getByRole("button", { name: "Appeal" }).click();
  const dialog = own.getByRole("dialog", { name: "Appeal the flag" });
  await dialog.getByRole("button", { name: "Send the appeal" }).click();
  await expect(dialog.getByText("Write at least 10 characters.")).toBeVisible();
  await dialog.getByLabel("Why the flag is wrong").fill("A TV feature brought them; the insights show it.");
  await dialog
    .getByLabel(/Attach files/)
    .setInputFiles({ name: "insights.csv", mimeType: "text/csv", buffer: Buffer.from(APPEAL_FILE) });
  await expect(dialog.getByRole("button", { name: "Remove insights.csv" })).toBeVisible();
  await dialog.getByRole("button", { name: "Send the appeal" }).click();
  await expect(notice).toContainText("You appealed on");
  await expect(notice.getByRole("button", { name: "Appeal" })).toHaveCount(0);

  // The admin opens the appeal from the queue, downloads its file, and lifts the flag with a reason, confirmed.
  await page.goto("/admin/flags");
  await page.getByRole("button", { name: `Open the flag of ${influencer.username}` }).click();
  const panel = page.getByTestId("appeal-panel");
  await expect(panel).toContainText("A TV feature brought them; the insights show it.");
  await expect(panel).toContainText("40,000 followers in two days.");
  const downloading = page.waitForEvent("download");
  await panel.getByRole("link", { name: "insights.csv" }).click();
  const download = await downloading;
  expect(await readFile(await download.path(), "utf8")).toBe(APPEAL_FILE);
  await panel.getByRole("button", { name: "Lift the flag" }).click();
  const decision = page.getByRole("dialog", { name: `Lift the flag on ${influencer.username}?` });
  await expect(decision).toContainText("Brands stop seeing the warning.");
  // The reason is required: the dialog says so and sends nothing.
  await decision.getByRole("button", { name: "Lift the flag" }).click();
  await expect(decision.getByText("Give a reason of at least 3 characters.")).toBeVisible();
  await decision.getByLabel("Reason the influencer reads").fill("The insights match the TV feature.");
  await decision.getByRole("button", { name: "Lift the flag" }).click();
  await expect(decision).toBeHidden();
  await expect(panel.getByTestId("flag-decision")).toContainText("Flag lifted by");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("button", { name: `Open the flag of ${influencer.username}` })).toHaveCount(0);

  // The influencer reads the decision and its reason.
  await own.reload();
  await expect(notice).toContainText("Your appeal was accepted");
  await expect(notice).toContainText("Reason: The insights match the TV feature.");

  // Both actions are in the audit view, with their reasons.
  await page.goto(`/admin/audit?targetType=influencer&targetId=${influencer.id}`);
  const table = page.getByRole("table", { name: "Audit log" });
  await expect(table.getByRole("row").filter({ hasText: "influencer_flag" })).toContainText(
    "Fake or bought followers: 40,000 followers in two days.",
  );
  await expect(table.getByRole("row").filter({ hasText: "flag_appeal" })).toContainText(
    "The insights match the TV feature.",
  );
});

test("the impersonating admin's FAKE asks for the reason the influencer then reads", async ({
  page,
  browser,
  admin,
  brand,
  influencer,
}) => {
  await admin.signIn(page);
  await page.goto(`/admin/login?u=b&id=${brand.id}`);
  await expect(page).toHaveURL(/\/campaigns$/);
  await page.goto(`/influencers/${influencer.id}`);
  const box = page.getByTestId("admin-box");
  await box.getByTestId("admin-flag-reason").selectOption("impersonation");
  await box.getByTestId("admin-flag-note").fill("The picture is another creator's.");
  const flag = box.getByRole("button", { name: "Mark FAKE" });
  for (let click = 0; click < 3; click += 1) await flag.click();
  await expect(box.getByTestId("admin-status")).toHaveText("FAKE");

  const own = await pageOf(browser, influencer);
  await own.goto("/account");
  await expect(own.getByTestId("flag-notice")).toContainText("Reason: Impersonating someone else");
  await expect(own.getByTestId("flag-notice")).toContainText("The picture is another creator's.");
});
