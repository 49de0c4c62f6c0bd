import type { Page } from "@playwright/test";
import { expect, test, type Users } from "./support/users";

/** Where help questions go when SUPPORT_EMAIL is not set, as in this run. */
const SUPPORT_MAILBOX = "support@influence-market.example";

/** A new account of this test, signed in, that has not seen the onboarding yet. */
async function newAccount(page: Page, users: Users, kind: "brand" | "influencer") {
  const user = await users.create(kind, { onboarded: false });
  await user.signIn(page);
  return user.username;
}

/** Leaves onboarding with `leave` and checks the seen flag goes out ONBOARDING_SEEN_DELAY_MS later, accepted. */
async function passOnboarding(page: Page, leave: () => Promise<void>) {
  const flag = page.waitForRequest((request) => request.url().endsWith("/api/onboarding/seen"));
  const leftAt = Date.now();
  await leave();
  const request = await flag;
  expect(Date.now() - leftAt).toBeGreaterThanOrEqual(300);
  expect(await (await request.response())?.json()).toEqual({ status: "success", data: null });
}

async function askForHelp(page: Page, question: string) {
  const field = page.getByLabel("Your question");
  await field.fill("   ");
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(page.getByText("Please write your question.")).toBeVisible();
  await expect(field).toHaveAttribute("aria-invalid", "true");

  await field.fill(question);
  const sent = page.waitForResponse((response) => response.url().endsWith("/api/help"));
  await page.getByRole("button", { name: "Send", exact: true }).click();
  expect(await (await sent).json()).toEqual({ status: "success", data: null });
  await expect(page.getByText("Your question was sent. We will answer you by email.", { exact: true })).toBeVisible();
  await expect(field).toHaveValue("");

  // The question reaches the support mailbox (the server's sandbox outbox in this run).
  const outbox = await (await page.request.get(`/api/test/outbox?to=${SUPPORT_MAILBOX}`)).json();
  expect(outbox.data).toContainEqual(expect.objectContaining({ text: expect.stringContaining(question) }));
}

test.describe("onboarding and help", () => {
  test("a new brand sees the onboarding once, passes it with Later, then asks for help", async ({ page, users }) => {
    const username = await newAccount(page, users, "brand");
    await page.goto("/");
    const dialog = page.getByRole("dialog", { name: `Welcome, ${username}!` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("Create a campaign: describe your product")).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Create a campaign" })).toBeVisible();
    await page.screenshot({ path: "test-results/screenshots/onboarding-brand.png" });

    await passOnboarding(page, () => dialog.getByRole("button", { name: "Later" }).click());
    await expect(dialog).toBeHidden();

    await page.reload();
    await expect(page.getByRole("heading", { name: "Campaigns", level: 1 })).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);

    await page.goto("/help");
    await expect(page.getByRole("heading", { name: "Help", level: 1 })).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await askForHelp(page, "How do I invite an influencer to my campaign?");
  });

  test("a new influencer fills the onboarding form, finds it saved, and uses the help center", async ({
    page,
    users,
  }) => {
    const username = await newAccount(page, users, "influencer");
    await page.goto("/");
    const dialog = page.getByRole("dialog", { name: `Welcome, ${username}!` });
    await expect(dialog).toBeVisible();
    await expect(page.getByTestId("header-balance")).toHaveText("$0.00");

    const males = dialog.getByRole("slider", { name: "Male audience percent" });
    const minAge = dialog.getByRole("slider", { name: "Minimum audience age" });
    const maxAge = dialog.getByRole("slider", { name: "Maximum audience age" });
    await expect(males).toHaveAttribute("aria-valuenow", "50");
    await expect(minAge).toHaveAttribute("aria-valuenow", "18");
    await expect(maxAge).toHaveAttribute("aria-valuenow", "30");
    await expect(dialog.getByText("50% male, 50% female")).toBeVisible();

    await dialog.getByLabel("Category").selectOption({ label: "Music" });
    await dialog.getByLabel("City").fill("Lisbon");
    await dialog.getByLabel("Country").selectOption({ label: "Portugal" });
    await males.focus();
    for (let step = 0; step < 15; step += 1) await page.keyboard.press("ArrowLeft");
    await expect(dialog.getByText("35% male, 65% female")).toBeVisible();
    await minAge.focus();
    for (let step = 0; step < 3; step += 1) await page.keyboard.press("ArrowRight");
    await maxAge.focus();
    for (let step = 0; step < 4; step += 1) await page.keyboard.press("ArrowRight");
    await expect(dialog.getByText("21 to 34 years old")).toBeVisible();
    await page.screenshot({ path: "test-results/screenshots/onboarding-influencer.png" });

    await passOnboarding(page, () => dialog.getByRole("button", { name: "Save" }).click());
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Your profile was saved.", { exact: true })).toBeVisible();
    // The page is left at its top, the header shown: focus goes back to its main region without scrolling to it.
    expect(await page.evaluate("window.scrollY")).toBe(0);
    await expect(page.locator("main")).toBeFocused();

    await page.reload();
    await expect(page.getByRole("link", { name: "Help center" }).first()).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    const settings = await (await page.request.get("/api/settings")).json();
    expect(settings).toMatchObject({
      status: "success",
      data: { profile: { category: "music", city: "Lisbon", country: "pt", audience: { males: 35, ages: [21, 34] } } },
    });

    await page.goto("/help-center");
    await expect(page.getByRole("heading", { name: "Help center", level: 1 })).toBeVisible();
    const followers = page.getByRole("button", { name: "How many followers do I need?" });
    await followers.focus();
    await page.keyboard.press("Enter");
    await expect(followers).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByText("A network needs more than 2,000 followers to be linked.")).toBeVisible();
    await page.getByRole("button", { name: "How long does a payout take?" }).click();
    await expect(page.getByText("Payouts take 2-3 business days.")).toBeVisible();

    await page.getByRole("link", { name: "Ask a question" }).click();
    await expect(page).toHaveURL(/\/help-center#ask$/);
    const backToTop = page.getByRole("button", { name: "Back to top" });
    await expect(backToTop).toBeVisible();
    await backToTop.click();
    await expect.poll(() => page.evaluate("window.scrollY")).toBe(0);
    await expect(page.getByRole("heading", { name: "Help center", level: 1 })).toBeFocused();
    await page.screenshot({ path: "test-results/screenshots/help-center.png", fullPage: true });

    await askForHelp(page, "Can I link two YouTube channels?");
  });
});
