import type { TestUser as CreatedUser, TestUserInput } from "@market/api";
import {
  brandTotalCents,
  DAY_MS,
  DEFAULT_FEE_PERCENT,
  influencerNetCents,
  type NetworkType,
  SANDBOX_TEST_CARDS,
} from "@market/contracts";
import { type APIRequestContext, test as base, expect, type Page } from "@playwright/test";
import { deliverHired } from "./deliver";
import { ok } from "./envelope";

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
 * Money comes the way it does for real users, through `users.hire` (see Hire).
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

export interface HireOptions {
  /** The brand's campaign the influencer proposes on; the brand's first one unless told. */
  campaignId?: number;
  /** The proposal's price per network, in dollars, every one ticked at the checkout; Instagram $400 unless told. */
  prices?: { network: NetworkType; dollars: number }[];
  /** Whether the work is then marked done and the brand releases the money (else the hire stays in progress). */
  released?: boolean;
}

/** A paid hire and its figures (money.md): P the price, B what the brand paid, I what the influencer earns. */
export interface Hire {
  id: number;
  priceCents: number;
  brandCents: number;
  influencerCents: number;
}

export interface Users {
  create(kind: UserKind, options?: UserOptions): Promise<TestUser>;
  /**
   * A hire made through the public API, as the two parties would make it: the influencer's proposal on the brand's
   * campaign, the brand's accept paid with the sandbox's 4242 card, and if `released`, work done and the brand's
   * release. So the escrow, the fees and the influencer's balance are the ledger's own, written by the services.
   * Test accounts have the default fees (DEFAULT_FEE_PERCENT for each party).
   */
  hire(brand: TestUser, influencer: TestUser, options?: HireOptions): Promise<Hire>;
}

async function hire(brand: TestUser, influencer: TestUser, options: HireOptions = {}): Promise<Hire> {
  const campaignId = options.campaignId ?? brand.campaigns[0]?.id;
  if (campaignId === undefined) throw new Error("users.hire: the brand has no campaign");
  const prices = options.prices ?? [{ network: "instagram", dollars: 400 }];
  const networkId = (type: NetworkType) => {
    const network = influencer.networks.find((owned) => owned.type === type);
    if (!network) throw new Error(`users.hire: the influencer has no ${type} network`);
    return network.id;
  };
  const { id } = await ok<{ id: number }>(
    influencer.api.post("/api/applications", {
      data: {
        dealId: campaignId,
        text: "A hire made by the test fixture.",
        expiration: new Date(Date.now() + 20 * DAY_MS).toISOString(),
        prices: prices.map((price) => ({ networkId: networkId(price.network), price: price.dollars, creationDays: 3 })),
      },
    }),
    "users.hire: the proposal",
  );
  const priceCents = prices.reduce((sum, price) => sum + price.dollars * 100, 0);
  const brandCents = brandTotalCents(priceCents, DEFAULT_FEE_PERCENT);
  const { token } = await ok<{ token: string }>(
    brand.api.post("/api/payments/sandbox/tokens", {
      data: { number: SANDBOX_TEST_CARDS.succeeds, expMonth: 4, expYear: new Date().getFullYear() + 2, cvc: "123" },
    }),
    "users.hire: the card's token",
  );
  const accepted = await ok<{ requiresAction: boolean }>(
    brand.api.post(`/api/applications/${id}/accept`, {
      data: {
        frontendPriceInCents: brandCents,
        networks: prices.map((price) => price.network),
        cardOptions: { token },
      },
    }),
    "users.hire: the accept and payment",
  );
  expect(accepted.requiresAction, "users.hire: the 4242 card pays without authentication").toBe(false);
  if (options.released) {
    await deliverHired(influencer.api, id, "users.hire: work done");
    await ok(brand.api.post(`/api/applications/${id}/release`), "users.hire: the release");
  }
  return { id, priceCents, brandCents, influencerCents: influencerNetCents(priceCents, DEFAULT_FEE_PERCENT) };
}

/**
 * The influencer fixture's verified networks: the proposal modal has a line for each. A test needing several
 * influencers (a campaign's many applicants) makes them with these too.
 */
export const INFLUENCER_NETWORKS: UserOptions["networks"] = [
  { type: "instagram", followers: 12_000 },
  { type: "youtube", followers: 30_000 },
];

/** How Chromium reports, in the page's console, whatever the server's Content-Security-Policy refused. */
const CSP_REFUSAL = /Content Security Policy/i;

export const test = base.extend<{
  users: Users;
  brand: TestUser;
  influencer: TestUser;
  admin: TestUser;
  cspGuard: undefined;
  /** A spec that makes the browser refuse on purpose says so with `test.use({ cspRefusalsExpected: true })`. */
  cspRefusalsExpected: boolean;
}>({
  cspRefusalsExpected: [false, { option: true }],
  // Every test runs under the server's Content-Security-Policy (http/security-headers.ts), as users do: whatever it
  // refuses on any page of the test (a script, a frame, a connection) fails the test, so the policy cannot break a
  // screen unnoticed.
  cspGuard: [
    async ({ context, cspRefusalsExpected }, use) => {
      const refusals: string[] = [];
      context.on("console", (message) => {
        if (CSP_REFUSAL.test(message.text())) refusals.push(message.text());
      });
      await use(undefined);
      if (!cspRefusalsExpected) expect(refusals, "what the Content-Security-Policy refused").toEqual([]);
    },
    { auto: true },
  ],
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
      hire,
    });
    await Promise.all(contexts.map((context) => context.dispose()));
  },
  brand: async ({ users }, use) => use(await users.create("brand")),
  influencer: async ({ users }, use) => use(await users.create("influencer", { networks: INFLUENCER_NETWORKS })),
  admin: async ({ users }, use) => use(await users.create("admin")),
});

export { expect };
