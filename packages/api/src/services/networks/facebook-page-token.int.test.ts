import { DAY_MS } from "@market/contracts";
import { type Db, eq, networks } from "@market/db";
import { useTestDb } from "@market/db/testing";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { mswServer } from "../../../../../scripts/test-setup/msw";
import { fixedClock } from "../../clock";
import { createInfluencer } from "../../testing";
import { FACEBOOK_TEST_APP, type FacebookTestUser, fakeFacebook } from "../../testing/msw/facebook-handlers";
import { fakeNetworkProviders, testTokenCipher } from "../../testing/network-providers";
import { linkAccounts } from "./link-account";
import { facebookProvider } from "./providers/facebook";
import { sweepNetworkStatistics } from "./statistics-sweep";

/**
 * A linked Facebook page is stored with its own Page token, sealed, and read again with it: got with the 60-day
 * user token, a Page token has no expiration date (developers.facebook.com/docs/pages/access-tokens), so the
 * statistics sweep keeps reading the page after the user's token ran out. Against the Graph fake (facebook-handlers.ts).
 */

let db: Db;
const clock = fixedClock(new Date("2026-12-05T12:00:00Z"));
const facebook = facebookProvider({ ...FACEBOOK_TEST_APP, clock });
const others = fakeNetworkProviders();
const deps = () => ({
  db,
  clock,
  networkProviders: { ...others, oauth: { ...others.oauth, facebook } },
  tokenCipher: testTokenCipher,
});
let fake: ReturnType<typeof fakeFacebook>;

const testDb = useTestDb();
beforeAll(() => {
  db = testDb.db;
});
beforeEach(() => {
  fake = fakeFacebook();
  mswServer.use(...fake.handlers);
});

async function consent(user: FacebookTestUser) {
  const url = facebook.authorizationUrl("state", "", "https://ignored.example");
  return facebook.exchangeCode(fake.consent(url, user).searchParams.get("code") ?? "", "");
}

const rowOf = async (id: number) => (await db.select().from(networks).where(eq(networks.id, id)))[0];

describe("a Facebook page's own token", () => {
  it("is what the page is stored with, sealed and without expiry, and keeps the sweep reading it past 60 days", async () => {
    const page = { id: "301", name: "Jordan Lee Cooks", fan_count: 12_480 };
    const influencer = await createInfluencer(db, { networks: [] });
    const userTokens = await consent({ pages: [page] });
    const [id] = await linkAccounts(
      deps(),
      influencer.id,
      "facebook",
      await facebook.readAccounts(userTokens),
      userTokens,
    );
    const stored = await rowOf(id as number);
    expect(stored?.tokenExpiresAt).toBeNull();
    expect(stored?.accessToken).toMatch(/^v1\./);
    expect(testTokenCipher.decryptToken(stored?.accessToken ?? "")).toMatch(/^EAApage-/);

    fake.expireUserToken(userTokens.accessToken);
    page.fan_count = 13_050;
    clock.advance(61 * DAY_MS);
    expect(await sweepNetworkStatistics(deps(), clock.now())).toBe(1);
    expect(await rowOf(id as number)).toMatchObject({ followers: 13_050, problem: null, isVerified: true });
  });

  it("replaces the user's token of a page stored before, at its next reading", async () => {
    const influencer = await createInfluencer(db, { networks: [] });
    const userTokens = await consent({ pages: [{ id: "302", name: "Old Row", fan_count: 5_000 }] });
    const accounts = (await facebook.readAccounts(userTokens)).map(({ tokens: _dropped, ...account }) => account);
    const [id] = await linkAccounts(deps(), influencer.id, "facebook", accounts, userTokens);
    expect(testTokenCipher.decryptToken((await rowOf(id as number))?.accessToken ?? "")).toBe(userTokens.accessToken);

    clock.advance(8 * DAY_MS);
    // The first test's page is due again too: both are read.
    expect(await sweepNetworkStatistics(deps(), clock.now())).toBeGreaterThanOrEqual(1);
    const after = await rowOf(id as number);
    expect(after).toMatchObject({ problem: null, tokenExpiresAt: null });
    expect(testTokenCipher.decryptToken(after?.accessToken ?? "")).toMatch(/^EAApage-/);
  });
});
