import type { Page } from "@playwright/test";
import { tinyPng } from "./support/png";
import { expect, type TestUser, test } from "./support/users";

const NEW_PASSWORD = "e2e-new-password-456";

async function save(page: Page) {
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Your changes were saved.", { exact: true })).toBeVisible();
}

async function openTab(page: Page, name: string, p: string) {
  await page.getByRole("tab", { name }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]p=${p}(&|$)`));
  await expect(page.getByRole("tab", { name })).toHaveAttribute("aria-selected", "true");
}

/** Changes the password through the tab (a wrong current password first), then logs in with the new one. */
async function changePassword(page: Page, user: TestUser) {
  const current = page.getByLabel("Current password");
  const next = page.getByLabel("New password");
  await current.fill(user.password);
  await next.fill("short");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("This password is too short.")).toBeVisible();
  await expect(next).toBeFocused();

  await current.fill("not-my-password");
  await next.fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Bad password")).toBeVisible();
  await expect(current).toHaveAttribute("aria-invalid", "true");

  await current.fill(user.password);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Your password was changed.", { exact: true })).toBeVisible();
  await expect(current).toHaveValue("");

  await page.context().clearCookies();
  const old = await page.request.post("/api/login", { data: { login: user.username, password: user.password } });
  expect(await old.json()).toMatchObject({ status: "error", reason: "bad_password" });
  const login = await page.request.post("/api/login", { data: { login: user.username, password: NEW_PASSWORD } });
  expect(await login.json()).toMatchObject({ status: "success" });
}

test.describe("settings", () => {
  test("a brand edits each settings tab and finds it saved after a reload", async ({ page, brand }) => {
    // Every tab saved and reloaded, then the password changed and tried three times (three deliberately slow hashes).
    test.slow();
    await brand.signIn(page);
    const { username } = brand;
    const brandName = `Acme ${username}`;

    // Profile is the first tab, also for a p the brand does not have.
    await page.goto("/settings?p=networks");
    await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
    await expect(page.getByRole("tab", { name: "Profile" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tab")).toHaveText([
      "Profile",
      "General",
      "Payment",
      "Password",
      "Notifications",
      "API",
      "Webhooks",
    ]);

    await page.getByLabel("Brand name").fill("  ");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("This field is required.")).toBeVisible();
    await expect(page.getByLabel("Brand name")).toBeFocused();
    await page.getByLabel("Brand name").fill(brandName);
    await page.getByLabel("About").fill("We make trail shoes.");
    await save(page);

    // The picture: checked by content on the server, then shown here and in the header.
    const chooser = page.getByLabel("Choose a picture");
    await chooser.setInputFiles({ name: "x.png", mimeType: "image/png", buffer: Buffer.from("not an image") });
    await expect(page.getByText("This file is not in a valid format.")).toBeVisible();
    await chooser.setInputFiles({ name: "me.png", mimeType: "image/png", buffer: tinyPng([79, 70, 229]) });
    await expect(page.getByText("Your picture was updated.", { exact: true })).toBeVisible();
    await expect(page.getByTestId("settings-picture")).toHaveAttribute("src", /^\/files\/[0-9a-f-]{36}$/);
    const picture = await page.getByTestId("settings-picture").getAttribute("src");
    await expect(page.locator("header img")).toHaveAttribute("src", picture ?? "");

    await page.reload();
    await expect(page.getByLabel("Brand name")).toHaveValue(brandName);
    await expect(page.getByLabel("About")).toHaveValue("We make trail shoes.");
    await expect(page.getByTestId("settings-picture")).toHaveAttribute("src", picture ?? "");
    await expect(page.locator("header img")).toHaveAttribute("src", picture ?? "");

    // General: username and email read-only, contact details with the website checked.
    await openTab(page, "General", "general");
    await expect(page.getByLabel("Username")).toHaveValue(username);
    await expect(page.getByLabel("Username")).toHaveAttribute("readonly", "");
    await expect(page.getByLabel("Email")).toHaveAttribute("readonly", "");
    await page.getByLabel("Website").fill("acme dot com");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Please enter a full web address, starting with http:// or https://.")).toBeVisible();
    await page.getByLabel("Website").fill("https://acme.example");
    await page.getByLabel("First name").fill("Jo");
    await page.getByLabel("City").fill("Austin");
    await page.getByLabel("Country").selectOption("us");
    await save(page);
    await page.reload();
    await expect(page.getByLabel("Website")).toHaveValue("https://acme.example");
    await expect(page.getByLabel("First name")).toHaveValue("Jo");
    await expect(page.getByLabel("City")).toHaveValue("Austin");
    await expect(page.getByLabel("Country")).toHaveValue("us");

    await openTab(page, "Payment", "payment");
    await expect(page.getByText("You have no saved card.")).toBeVisible();

    await openTab(page, "Notifications", "notifications");
    const news = page.getByRole("switch", { name: "News about Influence Market" });
    await expect(news).toHaveAttribute("aria-checked", "true");
    await news.click();
    await save(page);
    await page.reload();
    await expect(page.getByRole("switch", { name: "News about Influence Market" })).toHaveAttribute(
      "aria-checked",
      "false",
    );
    await expect(page.getByRole("switch", { name: "New chat messages" })).toHaveAttribute("aria-checked", "true");

    // The header menu leads here too.
    await page.goto("/find");
    await page.getByRole("button", { name: `Account menu of ${username}` }).click();
    await page.getByRole("menuitem", { name: "Settings" }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await page.screenshot({ path: "test-results/screenshots/settings-brand.png", fullPage: true });

    await openTab(page, "Password", "password");
    await changePassword(page, brand);
  });

  test("a brand sees its saved card masked and forgets it after confirming", async ({ page, users }) => {
    const brand = await users.create("brand", { savedCard: true });
    await brand.signIn(page);

    await page.goto("/settings?p=payment");
    const saved = page.getByTestId("saved-card");
    await expect(saved).toContainText("•••• 4242");
    // The card expires in April three years ahead: MM/YY, the month padded to two digits.
    await expect(saved).toContainText(/04\/\d{2}(?!\d)/);
    await page.getByRole("button", { name: "Forget this card" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Forget this card?" });
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(saved).toBeVisible();
    await page.getByRole("button", { name: "Forget this card" }).click();
    await dialog.getByRole("button", { name: "Forget the card" }).click();
    await expect(page.getByText("Your card was forgotten.", { exact: true })).toBeVisible();
    await expect(page.getByText("You have no saved card.")).toBeVisible();
    await page.reload();
    await expect(page.getByText("You have no saved card.")).toBeVisible();
  });

  test("an influencer edits each account tab and finds it saved after a reload", async ({ page, users }) => {
    // Every tab saved and reloaded, then the password changed and tried three times (three deliberately slow hashes).
    test.slow();
    // No network linked yet: the tab says so.
    const influencer = await users.create("influencer");
    await influencer.signIn(page);

    // Networks is the first tab; a linking error in the address is shown, then cleared without a history entry.
    await page.goto("/account");
    await expect(page.getByRole("heading", { name: "Account", level: 1 })).toBeVisible();
    await expect(page.getByRole("tab")).toHaveText([
      "Networks",
      "Profile",
      "General",
      "Password",
      "Notifications",
      "API",
      "Webhooks",
    ]);
    await expect(page.getByRole("tab", { name: "Networks" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByText("You have not linked any network yet.")).toBeVisible();
    const historyLength = await page.evaluate<number>("history.length");
    await page.goto("/account?p=networks&error=followers");
    await expect(page.getByRole("alert")).toHaveText(/This account needs more than 2,000 followers to be linked\./);
    await expect(page).not.toHaveURL(/error=/);
    expect(await page.evaluate<number>("history.length")).toBe(historyLength + 1);

    await openTab(page, "Profile", "profile");
    await page.getByLabel("About").fill("Trail running and gear reviews.");
    await page.getByLabel("Category").selectOption("sports");
    await page.getByLabel("City").fill("Porto");
    await page.getByLabel("Country", { exact: true }).selectOption("pt");
    const males = page.getByRole("slider", { name: "Male audience percent" });
    await males.focus();
    for (let step = 0; step < 5; step += 1) await males.press("ArrowRight");
    await expect(page.getByText("55% male, 45% female")).toBeVisible();
    const minAge = page.getByRole("slider", { name: "Minimum audience age" });
    await minAge.focus();
    for (let step = 0; step < 2; step += 1) await minAge.press("ArrowRight");
    await expect(page.getByText("20 to 30 years old")).toBeVisible();
    await page.getByLabel("Audience interests").fill("running");
    await page.getByLabel("Audience interests").press("Enter");
    await page.getByLabel("Audience interests").fill("trail");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await page.getByLabel("Audience country").selectOption("es");
    await save(page);

    const chooser = page.getByLabel("Choose a picture");
    await chooser.setInputFiles({ name: "me.jpg", mimeType: "image/jpeg", buffer: tinyPng([16, 185, 129]) });
    await expect(page.getByText("Your picture was updated.", { exact: true })).toBeVisible();

    await page.reload();
    await expect(page.getByLabel("About")).toHaveValue("Trail running and gear reviews.");
    await expect(page.getByLabel("Category")).toHaveValue("sports");
    await expect(page.getByLabel("City")).toHaveValue("Porto");
    await expect(page.getByLabel("Country", { exact: true })).toHaveValue("pt");
    await expect(page.getByText("55% male, 45% female")).toBeVisible();
    await expect(page.getByText("20 to 30 years old")).toBeVisible();
    await expect(page.getByRole("button", { name: "Remove running" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Remove trail" })).toBeVisible();
    await expect(page.getByLabel("Audience country")).toHaveValue("es");
    await page.screenshot({ path: "test-results/screenshots/account-influencer-profile.png", fullPage: true });
    await expect(page.locator("header img")).toHaveAttribute("src", /^\/files\//);

    // General: the birth date offers 1915 to 2015 and refuses a day February does not have.
    await openTab(page, "General", "general");
    await expect(page.getByLabel("Email")).toHaveValue(influencer.email);
    const year = page.getByLabel("Year");
    await expect(year.locator("option", { hasText: "2015" })).toHaveCount(1);
    await expect(year.locator("option", { hasText: "1915" })).toHaveCount(1);
    await expect(year.locator("option", { hasText: "2016" })).toHaveCount(0);
    await expect(year.locator("option", { hasText: "1914" })).toHaveCount(0);
    await page.getByLabel("Day").selectOption("31");
    await page.getByLabel("Month").selectOption({ label: "February" });
    await year.selectOption("2000");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("This date does not exist.")).toBeVisible();
    await page.getByLabel("Day").selectOption("29");
    await page.getByLabel("Phone").fill("+351 912 345 678");
    await save(page);
    await page.reload();
    await expect(page.getByLabel("Day")).toHaveValue("29");
    await expect(page.getByLabel("Month")).toHaveValue("2");
    await expect(page.getByLabel("Year")).toHaveValue("2000");
    await expect(page.getByLabel("Phone")).toHaveValue("+351 912 345 678");

    await openTab(page, "Notifications", "notifications");
    await page.getByRole("switch", { name: "New deals for me" }).click();
    await save(page);
    await page.reload();
    await expect(page.getByRole("switch", { name: "New deals for me" })).toHaveAttribute("aria-checked", "false");
    await expect(page.getByRole("switch", { name: "Invitations to campaigns" })).toHaveAttribute(
      "aria-checked",
      "true",
    );
    await page.screenshot({ path: "test-results/screenshots/account-influencer.png", fullPage: true });

    await openTab(page, "Password", "password");
    await changePassword(page, influencer);
  });

  test("an influencer sees the linked networks", async ({ page, influencer }) => {
    await influencer.signIn(page);
    await page.goto("/account?p=networks");
    const rows = page.getByTestId("own-network");
    await expect(rows).toHaveCount(influencer.networks.length);
    await expect(rows.first()).toContainText(influencer.username);
    await expect(page.getByRole("columnheader")).toHaveText(["Platform", "Name", "Followers", "Status", "Actions"]);
    await page.screenshot({ path: "test-results/screenshots/account-networks.png", fullPage: true });
  });
});
