import { createHmac } from "node:crypto";
import { generateCodeVerifier } from "arctic";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { mswServer } from "../../../../../../scripts/test-setup/msw";
import { fixedClock } from "../../../clock";
import { FACEBOOK_TEST_APP, type FacebookTestUser, fakeFacebook } from "../../../testing/msw/facebook-handlers";
import { linkFailureOf, oauthBench } from "../../../testing/oauth-adapter";
import { facebookProvider, GRAPH_API } from "./facebook";
import { GRAPH_VERSION } from "./graph";
import type { OAuthTokens } from "./ports";

/** The Facebook adapter against msw handlers shaped like Facebook Login and the Graph API (facebook-handlers.ts). */

const clock = fixedClock(new Date("2026-03-01T10:00:00Z"));
const provider = facebookProvider({ ...FACEBOOK_TEST_APP, clock });
const facebook = oauthBench(provider, () => fakeFacebook());
const { link } = facebook;

const PAGE_OWNER: FacebookTestUser = {
  pages: [
    {
      id: "108366251974512",
      name: "Jordan Lee Cooks",
      fan_count: 12_480,
      posts: [
        { reactions: 120, comments: 14, shares: 3 },
        { reactions: 80, comments: 6 },
      ],
    },
  ],
};

describe("the Facebook adapter", () => {
  it("sends the browser to Facebook's dialog for the pages scopes, back to the registered redirect", () => {
    const url = provider.authorizationUrl("st", generateCodeVerifier(), "https://ignored.example");
    expect(url.origin).toBe("https://www.facebook.com");
    expect(url.searchParams.get("client_id")).toBe(FACEBOOK_TEST_APP.clientId);
    expect(url.searchParams.get("redirect_uri")).toBe(FACEBOOK_TEST_APP.redirectUri);
    expect(url.searchParams.get("scope")).toBe("pages_show_list pages_read_engagement");
    expect(url.searchParams.get("state")).toBe("st");
  });

  it("trades the code for a long-lived token, without refresh token, expiring by the injected clock", async () => {
    const tokens = await link(PAGE_OWNER);
    expect(tokens.accessToken).toMatch(/^EAAlong-/);
    expect(tokens.refreshToken).toBeNull();
    expect(tokens.expiresAt).toEqual(new Date(clock.now().getTime() + 5_184_000_000));
  });

  it("reads each page with its likes as followers and the reactions, comments and shares of its posts", async () => {
    const accounts = await provider.readAccounts(await link(PAGE_OWNER));
    expect(accounts).toEqual([
      {
        identifier: "108366251974512",
        title: "Jordan Lee Cooks",
        link: "https://www.facebook.com/108366251974512",
        followers: 12_480,
        posts: null,
        reactions: 120 + 14 + 3 + 80 + 6,
        isPrivate: false,
        hasAnalytics: true,
        tokens: { accessToken: expect.stringMatching(/^EAApage-/), refreshToken: null, expiresAt: null },
      },
    ]);
  });

  it("reads a linked page again with its own Page token after the user's 60-day token ran out", async () => {
    const userTokens = await link(PAGE_OWNER);
    const [page] = await provider.readAccounts(userTokens);
    facebook.fake.expireUserToken(userTokens.accessToken);
    expect(await linkFailureOf(provider.readAccounts(userTokens))).toBe("fb-broken");
    const again = await provider.readAccount?.(page?.tokens as OAuthTokens, "108366251974512");
    expect(again).toMatchObject({ identifier: "108366251974512", title: "Jordan Lee Cooks", followers: 12_480 });
    // The stored Page token stays: nothing to replace it with.
    expect(again?.tokens).toBeUndefined();
  });

  it("reads a page stored with its user's token through /me/accounts, handing back its Page token", async () => {
    const userTokens = await link(PAGE_OWNER);
    const again = await provider.readAccount?.(userTokens, "108366251974512");
    expect(again).toMatchObject({ followers: 12_480, tokens: { accessToken: expect.stringMatching(/^EAApage-/) } });
    expect(await provider.readAccount?.(userTokens, "999")).toBeNull();
    facebook.fake.revoke(userTokens.accessToken);
    expect(await linkFailureOf(provider.readAccount?.(userTokens, "108366251974512") ?? Promise.resolve())).toBe(
      "fb-broken",
    );
  });

  it("reads a New Pages Experience page with its Page token: Graph refuses the user token there (error 190)", async () => {
    const tokens = await link(PAGE_OWNER);
    const [page] = await provider.readAccounts(tokens);
    expect(page).toMatchObject({ followers: 12_480, reactions: 120 + 14 + 3 + 80 + 6 });
    const pageCall = facebook.fake.requests.find((url) => url.pathname.endsWith("/108366251974512"));
    expect(pageCall?.searchParams.get("fields")).toMatch(/fan_count.*posts\.limit\(10\)/);
    // The same read with the user's token is what Graph refuses.
    const proof = createHmac("sha256", FACEBOOK_TEST_APP.clientSecret).update(tokens.accessToken).digest("hex");
    const refused = await fetch(`${GRAPH_API}/108366251974512?fields=fan_count&appsecret_proof=${proof}`, {
      headers: { authorization: `Bearer ${tokens.accessToken}` },
    }).then((answer) => answer.json());
    expect(refused).toMatchObject({ error: { code: 190, type: "OAuthException" } });
  });

  it("proves the app secret with each call's own token and keeps the tokens out of the URL", async () => {
    const tokens = await link(PAGE_OWNER);
    await provider.readAccounts(tokens);
    const proofOf = (token: string) => createHmac("sha256", FACEBOOK_TEST_APP.clientSecret).update(token).digest("hex");
    const accountsCall = facebook.fake.requests.find((url) => url.pathname.endsWith("/me/accounts"));
    expect(accountsCall?.searchParams.get("appsecret_proof")).toBe(proofOf(tokens.accessToken));
    const pageCall = facebook.fake.requests.find((url) => url.pathname.endsWith("/108366251974512"));
    // The Page token's own proof: the fake refuses any other, so the read above succeeding is the check.
    expect(pageCall?.searchParams.get("appsecret_proof")).not.toBe(proofOf(tokens.accessToken));
    for (const call of facebook.fake.requests.filter((url) => !url.pathname.endsWith("/oauth/access_token"))) {
      expect(call.searchParams.has("access_token")).toBe(false);
    }
  });

  it(`calls Graph ${GRAPH_VERSION} throughout, the login dialog included (v21.0 ends on 2027-01-21)`, async () => {
    const url = provider.authorizationUrl("st", generateCodeVerifier(), "https://ignored.example");
    expect(url.pathname).toBe(`/${GRAPH_VERSION}/dialog/oauth`);
    await provider.readAccounts(await link(PAGE_OWNER));
    expect(facebook.fake.requests.length).toBeGreaterThan(2);
    for (const call of facebook.fake.requests) expect(call.pathname.split("/")[1]).toBe(GRAPH_VERSION);
  });

  it("reads the followers when Graph gives no like count", async () => {
    const [page] = await provider.readAccounts(
      await link({ pages: [{ id: "7", name: "New", followers_count: 3_100 }] }),
    );
    expect(page).toMatchObject({ followers: 3_100, hasAnalytics: true });
  });

  it("follows Graph's paging to read every page a user manages", async () => {
    const pages = Array.from({ length: 130 }, (_, i) => ({ id: String(200_000 + i), name: `Page ${i}`, fan_count: i }));
    const accounts = await provider.readAccounts(await link({ pages }));
    expect(accounts.map((account) => account.identifier)).toEqual(pages.map((page) => page.id));
  });

  it("gives an empty list for a user who manages no page (no-fb-page)", async () => {
    expect(await provider.readAccounts(await link({ pages: [] }))).toEqual([]);
  });

  it("reads a page without its like count as without analytics", async () => {
    const [page] = await provider.readAccounts(await link({ pages: [{ id: "1", name: "Hidden" }] }));
    expect(page).toMatchObject({ followers: 0, hasAnalytics: false, reactions: null });
  });

  it("maps a Graph error, a revoked token and an unreadable answer to fb-broken", async () => {
    expect(await linkFailureOf(provider.readAccounts(await link({ pages: [], graphError: true })))).toBe("fb-broken");
    const tokens = await link(PAGE_OWNER);
    facebook.fake.revoke(tokens.accessToken);
    expect(await linkFailureOf(provider.readAccounts(tokens))).toBe("fb-broken");
    mswServer.use(http.get(`${GRAPH_API}/me/accounts`, () => HttpResponse.text("<html>upstream error</html>")));
    expect(await linkFailureOf(provider.readAccounts(await link(PAGE_OWNER)))).toBe("fb-broken");
  });

  it("maps a refused code exchange (used, wrong, or Facebook down) to fb-broken", async () => {
    const { verifier, url, code } = facebook.consent(PAGE_OWNER);
    await provider.exchangeCode(code, verifier);
    expect(await linkFailureOf(provider.exchangeCode(code, verifier))).toBe("fb-broken");
    expect(await linkFailureOf(provider.exchangeCode("made-up", verifier))).toBe("fb-broken");
    mswServer.use(
      http.post(`${GRAPH_API.replace(GRAPH_VERSION, ":version")}/oauth/access_token`, () => HttpResponse.error()),
    );
    const again = facebook.fake.consent(url, PAGE_OWNER).searchParams.get("code") ?? "";
    expect(await linkFailureOf(provider.exchangeCode(again, verifier))).toBe("fb-broken");
  });

  it("refuses to refresh: a Facebook token is linked again when it runs out", async () => {
    expect(await linkFailureOf(provider.refreshTokens("anything"))).toBe("fb-broken");
  });

  it("refuses a provider built with another app secret", async () => {
    const other = facebookProvider({ ...FACEBOOK_TEST_APP, clientSecret: "not-the-secret", clock });
    expect(await linkFailureOf(link(PAGE_OWNER, other))).toBe("fb-broken");
  });
});
