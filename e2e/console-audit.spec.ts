import { DAY_MS } from "@market/contracts";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/users";

/** A UTC day as the audit form's date fields take it (YYYY-MM-DD). */
const dayOf = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY_MS).toISOString().slice(0, 10);

/** A filter of the page's address, as the operator reads it (plain text: app/plain-search.ts). */
const searchOf = (page: Page, key: string) => new URL(page.url()).searchParams.get(key);

/** The audit view's rows (the table body's, not its heading). */
const rowsOf = (page: Page) => page.getByRole("table", { name: "Audit log" }).locator("tbody tr");

/**
 * The console's audit view (issue 36, point 6), filtered through its form as an operator would: another admin's
 * actions (acting as a brand, stopping, acting as an influencer) narrowed by admin, action, object and days, the
 * list and the CSV link following each step, and the CSV downloaded holding what the list shows.
 */
test("an admin narrows the audit view through its form, and the CSV link follows", async ({
  page,
  users,
  admin,
  brand,
  influencer,
}) => {
  // Another admin's three actions, through the paths a browser takes (each answer redirects or succeeds).
  const actor = await users.create("admin");
  expect((await actor.api.get(`/admin/login?u=b&id=${brand.id}`, { maxRedirects: 0 })).status()).toBe(302);
  expect((await actor.api.post("/admin/api/stop-impersonating")).ok()).toBe(true);
  expect((await actor.api.get(`/admin/login?u=i&id=${influencer.id}`, { maxRedirects: 0 })).status()).toBe(302);

  await admin.signIn(page);
  await page.goto("/admin/audit");
  const form = page.getByRole("form", { name: "Filters" });
  const csv = page.getByRole("link", { name: "Download CSV" });
  await expect(csv).toHaveAttribute("href", "/admin/api/audit.csv");

  // By admin: the other admin's three actions, newest first.
  await form.getByLabel("Admin id").fill(String(actor.id));
  await form.getByRole("button", { name: "Apply" }).click();
  await expect.poll(() => searchOf(page, "adminId")).toBe(String(actor.id));
  await expect(rowsOf(page)).toHaveCount(3);
  await expect(rowsOf(page).nth(0)).toContainText(`user ${influencer.id}`);
  await expect(rowsOf(page).nth(1)).toContainText("stop_impersonating");
  await expect(csv).toHaveAttribute("href", `/admin/api/audit.csv?adminId=${actor.id}`);

  // And by action: the two impersonations.
  await form.getByLabel("Action", { exact: true }).fill("impersonate");
  await form.getByLabel("Action", { exact: true }).press("Enter");
  await expect(page).toHaveURL(/action=impersonate/);
  await expect(rowsOf(page)).toHaveCount(2);
  await expect(csv).toHaveAttribute("href", `/admin/api/audit.csv?action=impersonate&adminId=${actor.id}`);

  // And by object: the influencer acted as.
  await form.getByLabel("Object type").fill("user");
  await form.getByLabel("Object id").fill(String(influencer.id));
  await form.getByRole("button", { name: "Apply" }).click();
  await expect.poll(() => searchOf(page, "targetId")).toBe(String(influencer.id));
  await expect(rowsOf(page)).toHaveCount(1);
  await expect(rowsOf(page)).toContainText(`acting as ${influencer.username}`);
  await expect(csv).toHaveAttribute("href", new RegExp(`targetType=user&targetId=${influencer.id}$`));

  // And by days: from yesterday to tomorrow it stays; from tomorrow on nothing matches.
  await form.getByLabel("From", { exact: true }).fill(dayOf(-1));
  await form.getByLabel("To", { exact: true }).fill(dayOf(1));
  await form.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`from=${dayOf(-1)}`));
  await expect(rowsOf(page)).toHaveCount(1);
  await expect(csv).toHaveAttribute("href", new RegExp(`from=${dayOf(-1)}T00%3A00%3A00\\.000Z&to=${dayOf(2)}T`));

  // The CSV behind the link holds the list's one line (its header, then the row).
  const answer = await page.request.get((await csv.getAttribute("href")) ?? "");
  expect(answer.status()).toBe(200);
  const lines = (await answer.text()).trim().split(/\r?\n/);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain("impersonate");
  expect(lines[1]).toContain(String(influencer.id));

  await form.getByLabel("From", { exact: true }).fill(dayOf(1));
  await form.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`from=${dayOf(1)}`));
  await expect(page.getByRole("status").filter({ hasText: "No action matches these filters." })).toBeVisible();
  await expect(csv).toHaveAttribute("href", new RegExp(`from=${dayOf(1)}T`));

  // Clear: every filter goes at once.
  await form.getByRole("button", { name: "Clear" }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expect(csv).toHaveAttribute("href", "/admin/api/audit.csv");
});
