import type { Browser, Page } from "@playwright/test";
import type { TestUser } from "./users";

/**
 * A page of its own for a second person at once (an admin beside a party, both parties side by side): a new
 * browser context, so each keeps their session; signed in, and opened at `path` when given.
 */
export async function pageOf(browser: Browser, user: TestUser, path?: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await user.signIn(page);
  if (path !== undefined) await page.goto(path);
  return page;
}
