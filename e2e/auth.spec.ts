import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/users";

/** For the accounts these tests sign up through the form. */
const PASSWORD = "e2e-password-123";
const uniqueName = (prefix: string) => `${prefix}_${randomBytes(5).toString("hex")}`;

/** The onboarding modal greets new accounts after sign-up (features/onboarding); these tests pass it. */
async function passOnboarding(page: Page, username: string) {
  const dialog = page.getByRole("dialog", { name: `Welcome, ${username}!` });
  await expect(dialog).toBeVisible();
  // The seen flag goes out 300 ms after Later: wait for it, or a quick logout would leave it unsent.
  const seen = page.waitForResponse((response) => response.url().endsWith("/api/onboarding/seen"));
  await dialog.getByRole("button", { name: "Later" }).click();
  await expect(dialog).toBeHidden();
  expect((await seen).ok()).toBe(true);
}

async function logInThroughForm(page: Page, login: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Username or email").fill(login);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
}

async function logOutThroughMenu(page: Page, username: string) {
  await page.getByRole("button", { name: `Account menu of ${username}` }).click();
  await page.getByRole("menuitem", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/find$/);
  await expect(page.getByRole("link", { name: "Log in" }).first()).toBeVisible();
}

test.describe("accounts", () => {
  test("a brand signs up through the form, logs out and logs in again", async ({ page, brand: taken }) => {
    const username = uniqueName("brand");
    await page.goto("/find");
    await page.getByRole("link", { name: "Sign up" }).first().click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByRole("radio", { name: "A brand" })).toBeChecked();

    // Live messages: each field says what is wrong once it has been left.
    await page.getByLabel("Username").fill("no spaces");
    await page.getByLabel("Password").fill("short");
    await page.getByLabel("Password").blur();
    await page.getByLabel("Username").focus();
    await page.getByLabel("Username").blur();
    await expect(page.getByText("Use 3 to 30 letters, digits, dots or underscores.")).toBeVisible();
    await expect(page.getByText("The password needs at least 8 characters.")).toBeVisible();
    await expect(page.getByLabel("Password")).toHaveAttribute("aria-invalid", "true");

    // The server's reason for a taken username, in any letter case, lands on the username field.
    await page.getByLabel("Brand name").fill("Acme E2E");
    await page.getByLabel("Username").fill(taken.username.toUpperCase());
    await page.getByLabel("Email").fill(`${username}@e2e.example`);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign up" }).click();
    await expect(page.getByText("This username is already taken.")).toBeVisible();
    await expect(page.getByLabel("Username")).toBeFocused();

    await page.getByLabel("Username").fill(username);
    await page.screenshot({ path: "test-results/screenshots/signup-brand.png", fullPage: true });
    await page.getByRole("button", { name: "Sign up" }).click();
    // The brand's home is the campaign list.
    await expect(page).toHaveURL(/\/campaigns$/);
    await passOnboarding(page, username);
    await expect(page.getByRole("button", { name: `Account menu of ${username}` })).toBeVisible();

    await logOutThroughMenu(page, username);

    await logInThroughForm(page, `${username}@e2e.example`, "wrong-password");
    await expect(page.getByText("This username or email and password do not match an account.")).toBeVisible();
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await expect(page.getByRole("button", { name: `Account menu of ${username}` })).toBeVisible();
    await expect(page).toHaveURL(/\/campaigns$/);
  });

  test("an influencer signs up through the form and lands on the influencer's home", async ({
    page,
    influencer: taken,
  }) => {
    const username = uniqueName("influencer");
    await page.goto("/signup");
    await page.getByRole("radio", { name: "An influencer" }).check();
    await expect(page.getByLabel("Brand name")).toHaveCount(0);
    await page.getByLabel("Username").fill(username);
    await page.getByLabel("Email").fill(taken.email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign up" }).click();
    await expect(page.getByText("An account already uses this email.")).toBeVisible();

    await page.getByLabel("Email").fill(`${username}@e2e.example`);
    await page.getByRole("button", { name: "Sign up" }).click();
    await expect(page).toHaveURL(/\/search$/);
    await passOnboarding(page, username);
    await expect(page.getByRole("button", { name: `Account menu of ${username}` })).toBeVisible();

    await logOutThroughMenu(page, username);
    await logInThroughForm(page, username, PASSWORD);
    await expect(page).toHaveURL(/\/search$/);
  });

  test("a forgotten password is reset through the link of the mail", async ({ page, request, users }) => {
    // Not signed in, and new: the onboarding greets them once they log in.
    const { username, email } = await users.create("influencer", { onboarded: false });

    await page.goto("/login");
    await page.getByRole("button", { name: "Forgot your password?" }).click();
    const dialog = page.getByRole("dialog", { name: "Forgot your password?" });
    await dialog.getByLabel("Email").fill(email.toUpperCase());
    await dialog.getByRole("button", { name: "Send the link" }).click();
    await expect(dialog.getByRole("status")).toContainText(`If an account uses ${email.toUpperCase()}`);

    // The mail is queued with the link; the mail job delivers it within seconds (pg-boss polls every 2 s, the
    // embedded runner every second).
    type Mail = { subject: string; text: string; sentAt: string | null };
    let mails: Mail[] = [];
    await expect
      .poll(
        async () => {
          const outbox = await request.get(`/api/test/outbox?to=${encodeURIComponent(email)}`);
          mails = (await outbox.json()).data as Mail[];
          return mails[0]?.sentAt ?? null;
        },
        { timeout: 10_000 },
      )
      .not.toBeNull();
    expect(mails[0]?.subject).toBe("Reset your Influence Market password");
    const link = mails[0]?.text.match(/https?:\/\/\S+\/reset-password\?token=\S+/)?.[0];
    expect(link).toBeTruthy();

    await page.goto(link ?? "");
    await page.getByLabel("New password").fill("short");
    await page.getByRole("button", { name: "Change my password" }).click();
    await expect(page.getByText("The password needs at least 8 characters.")).toBeVisible();
    await page.getByLabel("New password").fill("a-new-e2e-password");
    await page.getByRole("button", { name: "Change my password" }).click();
    await expect(page.getByText("Your password has been changed.")).toBeVisible();

    await page.getByRole("link", { name: "Log in", exact: true }).last().click();
    await expect(page).toHaveURL(/\/login$/);
    await logInThroughForm(page, email, "a-new-e2e-password");
    await expect(page).toHaveURL(/\/search$/);
    await passOnboarding(page, username);

    // The link works once: opened again (signed out), it says so and offers to ask again.
    await page.context().clearCookies();
    await page.goto(link ?? "");
    await page.getByLabel("New password").fill("yet-another-password");
    await page.getByRole("button", { name: "Change my password" }).click();
    await expect(page.getByText("This reset link has expired or has already been used.")).toBeVisible();
    await page.getByRole("link", { name: "Ask for a new link" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
  });

  test("the admin impersonates an influencer, sees the banner, and goes back", async ({
    page,
    request,
    admin,
    influencer,
  }) => {
    // To a visitor the feature does not exist.
    const hidden = await request.get(`/admin/login?u=i&id=${influencer.id}`, { maxRedirects: 0 });
    expect(hidden.status()).toBe(404);

    await logInThroughForm(page, admin.email, admin.password);
    const adminMenu = page.getByRole("button", { name: `Account menu of ${admin.username}` });
    await expect(adminMenu).toBeVisible();

    await page.goto(`/admin/login?u=i&id=${influencer.id}`);
    await expect(page).toHaveURL(/\/search$/);
    const banner = page.getByText(`You are using the account of ${influencer.username} as an administrator.`);
    await expect(banner).toBeVisible();
    await expect(page.getByRole("button", { name: `Account menu of ${influencer.username}` })).toBeVisible();
    await page.screenshot({ path: "test-results/screenshots/impersonation-banner.png" });

    await page.getByRole("button", { name: "Back to admin" }).click();
    await expect(adminMenu).toBeVisible();
    await expect(banner).toBeHidden();
  });
});
