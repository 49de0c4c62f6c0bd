import { generateCodeVerifier } from "arctic";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { mswServer } from "../../../../../../scripts/test-setup/msw";
import { fixedClock } from "../../../clock";
import { fakeTwitter, TWITTER_TEST_APP, type TwitterTestUser } from "../../../testing/msw/twitter-handlers";
import { linkFailureOf, oauthBench } from "../../../testing/oauth-adapter";
import { TWITTER_API, twitterProvider } from "./twitter";

/** The X (Twitter) adapter against msw handlers shaped like X's OAuth 2.0 and API v2 (twitter-handlers.ts). */

const clock = fixedClock(new Date("2026-03-01T10:00:00Z"));
const provider = twitterProvider({ ...TWITTER_TEST_APP, clock });
const twitter = oauthBench(provider, () => fakeTwitter());
const { consent, link } = twitter;

const CREATOR: TwitterTestUser = {
  id: "1321589943066841088",
  username: "jordanlee_eats",
  followers: 15_820,
  tweets: 4_312,
  recent: [
    { likes: 40, reposts: 5, replies: 3, quotes: 1 },
    { likes: 22, reposts: 2, replies: 0, quotes: 0 },
  ],
};

describe("the X (Twitter) adapter", () => {
  it("asks for the read scopes and a refresh token with an S256 PKCE challenge", () => {
    const { url } = consent(CREATOR);
    expect(url.origin).toBe("https://twitter.com");
    expect(url.searchParams.get("scope")).toBe("tweet.read users.read offline.access");
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("redirect_uri")).toBe(TWITTER_TEST_APP.redirectUri);
  });

  it("trades the code and its verifier for tokens expiring by the injected clock", async () => {
    const tokens = await link(CREATOR);
    expect(tokens).toEqual({
      accessToken: expect.stringMatching(/^tw-access-/),
      refreshToken: expect.stringMatching(/^tw-refresh-/),
      expiresAt: new Date(clock.now().getTime() + 7_200_000),
    });
  });

  it("reads the account: followers, posts, and the reactions of its last original posts", async () => {
    expect(await provider.readAccounts(await link(CREATOR))).toEqual([
      {
        identifier: "1321589943066841088",
        title: "@jordanlee_eats",
        link: "https://twitter.com/jordanlee_eats",
        followers: 15_820,
        posts: 4_312,
        reactions: 40 + 5 + 3 + 1 + 22 + 2,
        isPrivate: false,
        hasAnalytics: true,
      },
    ]);
  });

  it("reads a protected account as private, and one without posts as no reactions", async () => {
    const [account] = await provider.readAccounts(await link({ ...CREATOR, protected: true, recent: [] }));
    expect(account).toMatchObject({ isPrivate: true, reactions: 0 });
  });

  it("links the account with reactions not available when X's tier or limits refuse the timeline (403, 429)", async () => {
    for (const refusal of ["not-enrolled", "rate-limited", "usage-capped"] as const) {
      const tokens = await link(CREATOR);
      twitter.fake.state.timeline = refusal;
      expect(await provider.readAccounts(tokens)).toEqual([
        expect.objectContaining({ identifier: CREATOR.id, followers: 15_820, posts: 4_312, reactions: null }),
      ]);
    }
  });

  it("still fails when the account itself cannot be read (429 on /2/users/me)", async () => {
    const tokens = await link(CREATOR);
    mswServer.use(
      http.get(`${TWITTER_API}/users/me`, () =>
        HttpResponse.json({ title: "Too Many Requests", type: "about:blank", status: 429 }, { status: 429 }),
      ),
    );
    expect(await linkFailureOf(provider.readAccounts(tokens))).toBe("unknown");
  });

  it("refuses a code with another verifier, a replayed code, and a made-up one", async () => {
    const { verifier, code } = consent(CREATOR);
    expect(await linkFailureOf(provider.exchangeCode(code, generateCodeVerifier()))).toBe("unknown");
    const second = consent(CREATOR);
    await provider.exchangeCode(second.code, second.verifier);
    expect(await linkFailureOf(provider.exchangeCode(second.code, second.verifier))).toBe("unknown");
    expect(await linkFailureOf(provider.exchangeCode("made-up", verifier))).toBe("unknown");
  });

  it("refreshes an expired access token; the old refresh token then no longer works", async () => {
    const tokens = await link(CREATOR);
    twitter.fake.expire(tokens.accessToken);
    expect(await linkFailureOf(provider.readAccounts(tokens))).toBe("unknown");
    const refreshed = await provider.refreshTokens(tokens.refreshToken ?? "");
    expect(refreshed.refreshToken).not.toBe(tokens.refreshToken);
    expect(await provider.readAccounts(refreshed)).toHaveLength(1);
    expect(await linkFailureOf(provider.refreshTokens(tokens.refreshToken ?? ""))).toBe("unknown");
  });

  it("maps an API outage or an unexpected answer to unknown", async () => {
    const tokens = await link(CREATOR);
    mswServer.use(
      http.get(`${TWITTER_API}/users/me`, () => HttpResponse.json({ title: "Service Unavailable" }, { status: 503 })),
    );
    expect(await linkFailureOf(provider.readAccounts(tokens))).toBe("unknown");
    mswServer.use(http.get(`${TWITTER_API}/users/me`, () => HttpResponse.json({ data: { id: 5 } })));
    expect(await linkFailureOf(provider.readAccounts(tokens))).toBe("unknown");
  });

  it("is refused by X with a wrong client secret", async () => {
    const other = twitterProvider({ ...TWITTER_TEST_APP, clientSecret: "wrong", clock });
    expect(await linkFailureOf(link(CREATOR, other))).toBe("unknown");
  });
});
