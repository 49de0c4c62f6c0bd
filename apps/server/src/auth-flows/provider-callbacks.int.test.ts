import {
  createSession,
  createTokenCipher,
  DEV_NETWORK_TOKEN_KEY,
  facebookProvider,
  fixedClock,
  instagramReader,
  twitterProvider,
  youtubeProvider,
} from "@market/api";
import {
  createInfluencer,
  FACEBOOK_TEST_APP,
  type FacebookTestUser,
  fakeFacebook,
  fakeGoogle,
  fakeInstagram,
  fakeTwitter,
  GOOGLE_TEST_APP,
  type GoogleTestUser,
  INSTAGRAM_TEST_ACCOUNT,
  TWITTER_TEST_APP,
  type TwitterTestUser,
} from "@market/api/testing";
import { BIO_CODE_VALIDITY_MS } from "@market/contracts";
import { eq, networks } from "@market/db";
import type { LightMyRequestResponse } from "fastify";
import { beforeEach, describe, expect, it } from "vitest";
import { mswServer } from "../../../../scripts/test-setup/msw";
import { cookieFor, post } from "../testing/auth-helpers";
import { useTestApp } from "../testing/test-app";
import { LINK_STATE_COOKIE } from "./link-state-cookie";

/**
 * Each provider's callback end to end: the server's browser routes with the real adapters (arctic, each provider's
 * API) answered by msw handlers shaped like the providers (testing/msw/*-handlers.ts), the linking rules, the
 * tokens sealed at rest. The services' own tests (packages/api/src/services/networks) cover the rules in detail.
 */

const clock = fixedClock(new Date("2026-06-01T12:00:00Z"));
const tokenCipher = createTokenCipher(DEV_NETWORK_TOKEN_KEY);
const server = useTestApp({
  clock,
  tokenCipher,
  rateLimitScale: 100,
  networkProviders: {
    oauth: {
      facebook: facebookProvider({ ...FACEBOOK_TEST_APP, clock }),
      twitter: twitterProvider({ ...TWITTER_TEST_APP, clock }),
      youtube: youtubeProvider({ ...GOOGLE_TEST_APP, clock }),
    },
    instagram: instagramReader(INSTAGRAM_TEST_ACCOUNT),
  },
});

let facebook: ReturnType<typeof fakeFacebook>;
let twitter: ReturnType<typeof fakeTwitter>;
let google: ReturnType<typeof fakeGoogle>;
let instagram: ReturnType<typeof fakeInstagram>;
beforeEach(() => {
  facebook = fakeFacebook();
  twitter = fakeTwitter();
  google = fakeGoogle();
  instagram = fakeInstagram();
  mswServer.use(...facebook.handlers, ...twitter.handlers, ...google.handlers, ...instagram.handlers);
});

async function influencer() {
  const user = await createInfluencer(server.db, { networks: [] });
  return { id: user.id, token: (await createSession(server.db, clock, user.id)).token };
}
type Who = Awaited<ReturnType<typeof influencer>>;

const get = (url: string, token: string, cookies: string[] = []) =>
  server.app.inject({ method: "GET", url, headers: { cookie: [cookieFor(token), ...cookies].join("; ") } });

function locationOf(response: LightMyRequestResponse): string {
  expect(response.statusCode).toBe(302);
  return String(response.headers.location);
}

/** The state cookie a start sets, as the browser sends it back. */
function stateCookieOf(response: LightMyRequestResponse): string {
  const cookie = [response.headers["set-cookie"] ?? []].flat().find((c) => c.startsWith(`${LINK_STATE_COOKIE}=`));
  return (cookie ?? "").split(";")[0] ?? "";
}

type Network = "facebook" | "twitter" | "youtube";

/**
 * The browser's round trip: /auth/{network}, the provider's page (`decide`: consent as a user, or deny), then its
 * redirect to our callback with the state cookie. Answers where the callback sent the browser, and the callback.
 */
async function roundTrip(who: Who, type: Network, decide: (authorizationUrl: URL) => URL, withCookie = true) {
  const start = await get(`/auth/${type}`, who.token);
  const authorizationUrl = new URL(locationOf(start));
  const callback = decide(authorizationUrl);
  expect(callback.pathname).toBe(`/auth/${type}/callback`);
  const path = `${callback.pathname}${callback.search}`;
  const cookies = withCookie ? [stateCookieOf(start)] : [];
  return { location: locationOf(await get(path, who.token, cookies)), replay: () => get(path, who.token, cookies) };
}

const consentOf = {
  facebook: (user: FacebookTestUser) => (url: URL) => facebook.consent(url, user),
  twitter: (user: TwitterTestUser) => (url: URL) => twitter.consent(url, user),
  youtube: (user: GoogleTestUser) => (url: URL) => google.consent(url, user),
};

const rowsOf = (userId: number) => server.db.select().from(networks).where(eq(networks.userId, userId));
const tab = (query: string) => `/account?p=networks&${query}`;

const SEALED = /^v1\.[\w-]+\.[\w-]+\.[\w-]+$/;

/**
 * The user's linked account keeps its access token, sealed by the cipher, and no provider token is in clear
 * anywhere in the networks table.
 */
async function expectSealedTokens(userId: number) {
  const rows = await server.db.select().from(networks);
  const own = rows.filter((row) => row.userId === userId);
  expect(own).not.toHaveLength(0);
  for (const row of own) expect(row.accessToken).toMatch(SEALED);
  for (const row of rows) {
    for (const sealed of [row.accessToken, row.refreshToken]) {
      if (sealed !== null) expect(sealed).toMatch(SEALED);
    }
  }
  // The fakes' tokens are `{prefix}-{random}` (oauth-fake.ts issue()): a prefix with its dash, long enough that a
  // sealed token's random base64url (which has dashes too) cannot hold it by chance, as "EAA" alone once did.
  const dump = JSON.stringify(rows);
  for (const clear of [
    "EAAshort-",
    "EAAlong-",
    "EAApage-",
    "EAAinstagram-",
    "ya29-",
    "tw-access-",
    "tw-refresh-",
    "1//refresh-",
  ]) {
    expect(dump).not.toContain(clear);
  }
}

const PAGE = (id: string, likes: number) => ({
  id,
  name: `Page ${id}`,
  fan_count: likes,
  posts: [{ reactions: 300, comments: 20, shares: 5 }],
});

describe("Facebook's callback", () => {
  it("links the page with its likes, tokens sealed; a replayed callback is refused", async () => {
    const me = await influencer();
    const trip = await roundTrip(me, "facebook", consentOf.facebook({ pages: [PAGE("201", 12_480)] }));
    expect(trip.location).toBe(tab("linked=facebook"));
    expect(await rowsOf(me.id)).toEqual([
      expect.objectContaining({ type: "facebook", identifier: "201", followers: 12_480, isVerified: true }),
    ]);
    expect(locationOf(await trip.replay())).toBe(tab("error=unknown"));
    expect(await rowsOf(me.id)).toHaveLength(1);
    await expectSealedTokens(me.id);
  });

  it.each([
    ["fb-page-followers", { pages: [PAGE("202", 1_999)] }],
    ["no-fb-page", { pages: [] }],
    ["fb-broken", { pages: [PAGE("203", 9_000)], graphError: true }],
  ] as const)("answers %s", async (error, user) => {
    const me = await influencer();
    const trip = await roundTrip(me, "facebook", consentOf.facebook({ ...user, pages: [...user.pages] }));
    expect(trip.location).toBe(tab(`error=${error}`));
    expect(await rowsOf(me.id)).toEqual([]);
  });

  it("links several pages as conflicting, skipping the small one", async () => {
    const me = await influencer();
    const user = { pages: [PAGE("204", 5_000), PAGE("205", 7_000), PAGE("206", 100)] };
    expect((await roundTrip(me, "facebook", consentOf.facebook(user))).location).toBe(tab("linked=facebook"));
    const rows = await rowsOf(me.id);
    expect(rows.map((row) => [row.identifier, row.isConflicting]).sort()).toEqual([
      ["204", true],
      ["205", true],
    ]);
  });

  it("answers unknown when the user cancels, or without the state cookie", async () => {
    const me = await influencer();
    expect((await roundTrip(me, "facebook", (url) => facebook.deny(url))).location).toBe(tab("error=unknown"));
    const noCookie = await roundTrip(me, "facebook", consentOf.facebook({ pages: [PAGE("207", 9_000)] }), false);
    expect(noCookie.location).toBe(tab("error=unknown"));
    expect(await rowsOf(me.id)).toEqual([]);
  });
});

const X_USER = (fields: Partial<TwitterTestUser> = {}): TwitterTestUser => ({
  id: "1321589943066841088",
  username: "jordanlee_eats",
  followers: 15_820,
  tweets: 4_312,
  recent: [{ likes: 900, reposts: 100, replies: 50, quotes: 10 }],
  ...fields,
});

describe("X's callback", () => {
  it("links the account, tokens sealed; a replayed callback is refused", async () => {
    const me = await influencer();
    const trip = await roundTrip(me, "twitter", consentOf.twitter(X_USER()));
    expect(trip.location).toBe(tab("linked=twitter"));
    expect(await rowsOf(me.id)).toEqual([
      expect.objectContaining({ type: "twitter", identifier: "1321589943066841088", followers: 15_820 }),
    ]);
    expect(locationOf(await trip.replay())).toBe(tab("error=unknown"));
    await expectSealedTokens(me.id);
  });

  it.each([
    ["followers", X_USER({ id: "11", followers: 2_000 })],
    ["private", X_USER({ id: "12", protected: true })],
  ] as const)("answers %s", async (error, user) => {
    const me = await influencer();
    expect((await roundTrip(me, "twitter", consentOf.twitter(user))).location).toBe(tab(`error=${error}`));
    expect(await rowsOf(me.id)).toEqual([]);
  });

  it("answers unknown when the callback's state is not the cookie's", async () => {
    const me = await influencer();
    const start = await get("/auth/twitter", me.token);
    const callback = twitter.consent(new URL(locationOf(start)), X_USER({ id: "13" }));
    const back = await get(`${callback.pathname}${callback.search}`, me.token, [`${LINK_STATE_COOKIE}=another`]);
    expect(locationOf(back)).toBe(tab("error=unknown"));
  });
});

const CHANNEL = (fields: Record<string, unknown> = {}) => ({
  id: "UC7rQkDq0mJ4fN2xWcVb8LsA",
  title: "Jordan Lee Kitchen",
  subscribers: 126_500,
  videos: 214,
  uploads: [{ likes: 4_000, comments: 300 }],
  ...fields,
});

describe("YouTube's callback", () => {
  it("links the channel, tokens sealed; a replayed callback is refused", async () => {
    const me = await influencer();
    const trip = await roundTrip(me, "youtube", consentOf.youtube({ channels: [CHANNEL()] }));
    expect(trip.location).toBe(tab("linked=youtube"));
    expect(await rowsOf(me.id)).toEqual([
      expect.objectContaining({ type: "youtube", identifier: "UC7rQkDq0mJ4fN2xWcVb8LsA", followers: 126_500 }),
    ]);
    expect(locationOf(await trip.replay())).toBe(tab("error=unknown"));
    await expectSealedTokens(me.id);
  });

  it.each([
    ["followers", [CHANNEL({ id: "UC-small", subscribers: 640 })]],
    ["no-analytics", [CHANNEL({ id: "UC-hidden", hiddenSubscriberCount: true })]],
    ["private", [CHANNEL({ id: "UC-private", privacyStatus: "private" })]],
    ["none", []],
  ] as const)("answers %s", async (error, channels) => {
    const me = await influencer();
    const trip = await roundTrip(me, "youtube", consentOf.youtube({ channels: [...channels] as never }));
    expect(trip.location).toBe(tab(`error=${error}`));
    expect(await rowsOf(me.id)).toEqual([]);
  });

  it("refuses a second channel while one is linked (duplicate)", async () => {
    const me = await influencer();
    await roundTrip(me, "youtube", consentOf.youtube({ channels: [CHANNEL({ id: "UC-first" })] }));
    const second = await roundTrip(me, "youtube", consentOf.youtube({ channels: [CHANNEL({ id: "UC-second" })] }));
    expect(second.location).toBe(tab("error=duplicate"));
  });
});

describe("Instagram's bio code through business discovery", () => {
  const PROFILE = { username: "jordan.lee.eats", biography: "Food", followers: 24_800, media: 612 };

  async function asked(who: Who, username: string) {
    const answer = await post(server.app, "/auth/instagram/token", { username }, { token: who.token });
    return answer.json().data.code as string;
  }

  it("links once the code is in the bio, within 5 minutes", async () => {
    const me = await influencer();
    instagram.put({ ...PROFILE });
    const code = await asked(me, PROFILE.username);
    expect(locationOf(await get(`/auth/instagram/verify?data=${PROFILE.username}`, me.token))).toBe(
      tab("error=no-token"),
    );
    instagram.setBio(PROFILE.username, `Food ${code}`);
    clock.advance(BIO_CODE_VALIDITY_MS);
    expect(locationOf(await get(`/auth/instagram/verify?data=${PROFILE.username}`, me.token))).toBe(
      tab("linked=instagram"),
    );
    expect(await rowsOf(me.id)).toEqual([
      expect.objectContaining({ type: "instagram", identifier: PROFILE.username, followers: 24_800 }),
    ]);
  });

  it("answers too-late after 5 minutes, bad-username for an account discovery cannot see, followers under the rule", async () => {
    const me = await influencer();
    instagram.put({ ...PROFILE, username: "late.one" });
    const code = await asked(me, "late.one");
    instagram.setBio("late.one", code);
    clock.advance(BIO_CODE_VALIDITY_MS + 1);
    expect(locationOf(await get("/auth/instagram/verify?data=late.one", me.token))).toBe(tab("error=too-late"));

    await asked(me, "nobody.here");
    expect(locationOf(await get("/auth/instagram/verify?data=nobody.here", me.token))).toBe(tab("error=bad-username"));

    instagram.put({ ...PROFILE, username: "small.one", followers: 1_450 });
    instagram.setBio("small.one", await asked(me, "small.one"));
    expect(locationOf(await get("/auth/instagram/verify?data=small.one", me.token))).toBe(tab("error=followers"));
  });
});
