import { expect, test } from "./support/users";

/**
 * API keys (issue 39): a brand makes a key in the settings' API tab, sees it once, a script lists the brand's
 * applications with it (no cookie, no password), then the brand revokes it and the script is refused.
 */
test("a key is made in settings, shown once, used by a script, then revoked", async ({
  page,
  brand,
  playwright,
  baseURL,
}) => {
  await brand.signIn(page);
  await page.goto("/settings?p=api");
  await expect(page.getByRole("tab", { name: "API" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByText("You have no API keys yet.")).toBeVisible();

  await page.getByRole("button", { name: "Create a key" }).click();
  const create = page.getByRole("dialog", { name: "New API key" });
  // The form's own checks first: a name and a scope are required.
  await create.getByRole("button", { name: "Create the key" }).click();
  await expect(create.getByText("Choose at least one scope.")).toBeVisible();
  await create.getByLabel("Name").fill("Reporting script");
  await create.getByRole("checkbox", { name: "Applications and chat: Read" }).check();
  await create.getByRole("button", { name: "Create the key" }).click();

  const shown = page.getByRole("dialog", { name: "Your new key: Reporting script" });
  await expect(shown.getByText("you won't see it again")).toBeVisible();
  const key = await shown.getByTestId("shown-api-key").inputValue();
  expect(key).toMatch(/^mk_test_[a-z2-7]{16}_[a-z2-7]{52}$/);
  await shown.getByRole("button", { name: "Done" }).click();
  await expect(shown).toBeHidden();

  const row = page.getByTestId("api-key-row").filter({ hasText: "Reporting script" });
  await expect(row.getByTestId("api-key-state")).toHaveText("Active");
  await expect(row).toContainText("applications:read");
  // Shown once: the list has its prefix, never the key itself.
  await expect(row).toContainText(key.slice(0, 24));
  expect(await page.content()).not.toContain(key);

  // A script: the key as a bearer, no cookie, no Origin.
  const script = await playwright.request.newContext({
    baseURL: baseURL as string,
    extraHTTPHeaders: { authorization: `Bearer ${key}` },
  });
  try {
    const listed = await script.get("/api/applications");
    expect(listed.status()).toBe(200);
    expect(await listed.json()).toMatchObject({ status: "success", data: { deal: null } });
    expect(listed.headers()["ratelimit-limit"]).toBeDefined();
    // Outside its scope: campaigns were not granted.
    const campaigns = await script.get("/api/deals");
    expect(campaigns.status()).toBe(403);
    expect(await campaigns.json()).toEqual({ status: "error", reason: "scope" });

    // Its use is recorded (after the answer): the list shows the time and the address.
    await expect(async () => {
      await page.reload();
      await expect(row).toContainText(/\(\S+\)/, { timeout: 1_000 });
    }).toPass();
    await row.getByRole("button", { name: "Revoke Reporting script" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Revoke Reporting script?" });
    await confirm.getByRole("button", { name: "Revoke the key" }).click();
    await expect(confirm).toBeHidden();
    await expect(row.getByTestId("api-key-state")).toHaveText("Revoked");

    const refused = await script.get("/api/applications");
    expect(refused.status()).toBe(401);
    expect(await refused.json()).toEqual({ status: "error", reason: "key_revoked" });
  } finally {
    await script.dispose();
  }
});
