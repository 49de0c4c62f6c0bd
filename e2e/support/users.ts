import type { TestUser as CreatedUser, TestUserInput } from "@market/api";
import { type APIRequestContext, test as base, expect, type Page } from "@playwright/test";

/**
 * Every browser test works with accounts of its own, made for it by POST /api/test/users (a test route the e2e
 * server serves, see scripts/e2e.mjs): a unique username and email each, so no test depends on what another one
 * did to a shared account. Specs import `test` and `expect` from here.
 *
 *   test("...", async ({ page, brand }) => {
 *     await brand.signIn(page);
 *
 * `brand`, `influencer` and `admin` are fresh accounts of the usual shape, made when a test asks for one; a test
 * needing more, or other extras (campaigns, a saved card, networks), makes them with `users.create`. Accounts are
 * onboarded (no welcome modal) unless made with `onboarded: false`. The demo marketplace stays for the searches.
 */
export type UserKind = TestUserInput["kind"];
export type UserOptions = Omit<TestUserInput, "kind">;

export interface TestUser extends CreatedUser {
  /**
   * Requests as this user: its own session, and the site's origin a page of it would send (CSRF check). For the
   * data a test sets up through the API, without touching the page's session.
   */
  api: APIRequestContext;
  /** Signs the page in as this user: its browser context's cookies become this user's session (the same one). */
  signIn(page: Page): Promise<void>;
}

export interface Users {
  create(kind: UserKind, options?: UserOptions): Promise<TestUser>;
}

/**
 * The influencer fixture's verified networks: the proposal modal has a line for each. A test needing several
 * influencers (a campaign's many applicants) makes them with these too.
 */
export const INFLUENCER_NETWORKS: UserOptions["networks"] = [
  { type: "instagram", followers: 12_000 },
  { type: "youtube", followers: 30_000 },
];

export const test = base.extend<{ users: Users; brand: TestUser; influencer: TestUser; admin: TestUser }>({
  users: async ({ playwright, baseURL }, use) => {
    const origin = new URL(baseURL ?? "").origin;
    const contexts: APIRequestContext[] = [];
    await use({
      async create(kind, options = {}) {
        const api = await playwright.request.newContext({ baseURL: origin, extraHTTPHeaders: { origin } });
        contexts.push(api);
        // The answer sets the new user's session cookie in `api`.
        const answer = await api.post("/api/test/users", { data: { kind, ...options } });
        const body = (await answer.json()) as { status: string; data: CreatedUser };
        expect(body, `POST /api/test/users for a ${kind}`).toMatchObject({ status: "success" });
        const { cookies } = await api.storageState();
        return {
          ...body.data,
          api,
          async signIn(page) {
            await page.context().clearCookies();
            await page.context().addCookies(cookies);
          },
        };
      },
    });
    await Promise.all(contexts.map((context) => context.dispose()));
  },
  brand: async ({ users }, use) => use(await users.create("brand")),
  influencer: async ({ users }, use) => use(await users.create("influencer", { networks: INFLUENCER_NETWORKS })),
  admin: async ({ users }, use) => use(await users.create("admin")),
});

export { expect };
