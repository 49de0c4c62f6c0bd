import { describe, expect, it } from "vitest";
import { mswServer } from "../../../../../../scripts/test-setup/msw";
import { fakeInstagram, INSTAGRAM_TEST_ACCOUNT, INSTAGRAM_TEST_APP } from "../../../testing/msw/instagram-handlers";
import { instagramPostVerifier, MAX_MEDIA_PAGES } from "./instagram";
import { judgePost, type LinkedAccount } from "./ports";

/** The Instagram post check against an msw fake of business discovery's /media edge (instagram-handlers.ts). */

const HIRED_AT = new Date("2026-03-01T10:00:00Z");
const account: LinkedAccount = { identifier: "alex.travels", accessToken: null };
const verifier = instagramPostVerifier({ ...INSTAGRAM_TEST_ACCOUNT, appSecret: INSTAGRAM_TEST_APP.appSecret });
const post = (code: string) => ({
  network: "instagram" as const,
  url: `https://www.instagram.com/p/${code}/`,
  postId: code,
});

/** 60 media newest first: the delivered reel on the first page, an image on the second, an old post last. */
function serve() {
  const fake = fakeInstagram();
  const filler = Array.from({ length: 56 }, (_, index) => ({
    id: `1790000000000${String(index).padStart(4, "0")}`,
    shortcode: `Filler${String(index).padStart(4, "0")}`,
    timestamp: "2026-02-20T09:00:00+0000",
    mediaType: "IMAGE" as const,
    likes: 1,
    comments: 0,
  }));
  fake.put({
    username: "Alex.Travels",
    biography: "",
    followers: 25_000,
    media: 60,
    posts: [
      {
        id: "17900000000000001",
        shortcode: "DReelAbc123",
        timestamp: "2026-03-02T09:00:00+0000",
        mediaType: "VIDEO",
        likes: 3_412,
        comments: 187,
        reel: true,
      },
      ...filler.slice(0, 52),
      {
        id: "17900000000000002",
        shortcode: "DPostXyz789",
        timestamp: "2026-03-03T09:00:00+0000",
        mediaType: "IMAGE",
        likes: 980,
        comments: 33,
      },
      ...filler.slice(52),
      {
        id: "17900000000000003",
        shortcode: "COldPost001",
        timestamp: "2025-12-01T09:00:00+0000",
        mediaType: "CAROUSEL_ALBUM",
        likes: 50,
        comments: 2,
      },
    ],
  });
  fake.put({ username: "lena_wanders", biography: "", followers: 9_000, media: 1, posts: [] });
  mswServer.use(...fake.handlers);
  return fake;
}

const check = async (code: string, who = account) => judgePost(await verifier.lookUp(post(code), who), who, HIRED_AT);

describe("the Instagram post verifier", () => {
  it("finds the account's reel by its permalink: verified, with likes and comments (no views: insights)", async () => {
    serve();
    expect(await check("DReelAbc123")).toEqual({
      state: "verified",
      reason: null,
      found: {
        authorId: "alex.travels",
        publishedAt: new Date("2026-03-02T09:00:00Z"),
        // A video's media_url is the video: no thumbnail.
        thumbnailUrl: null,
        statistics: { views: null, likes: 3_412, comments: 187 },
      },
    });
  });

  it("pages through the media with the cursor; an image's media_url is its thumbnail", async () => {
    const fake = serve();
    const result = await check("DPostXyz789");
    expect(result).toMatchObject({ state: "verified", found: { statistics: { likes: 980, comments: 33 } } });
    expect(result.found?.thumbnailUrl).toMatch(/^https:\/\/scontent\.cdninstagram\.com\/.+\.jpg$/);
    const asked = fake.requests.map((url) => url.searchParams.get("fields"));
    expect(asked).toHaveLength(2);
    expect(asked[0]).toContain("business_discovery.username(alex.travels){username,media.limit(50){");
    expect(asked[1]).toMatch(/media\.after\([A-Za-z0-9_-]+\)\.limit\(50\)/);
    // Every call carries the proof of the marketplace's token.
    expect(fake.requests.every((url) => url.searchParams.get("appsecret_proof")?.length === 64)).toBe(true);
  });

  it("says before the hire, and not found for a post not among the account's media (another account's reads the same)", async () => {
    const fake = serve();
    expect((await check("COldPost001")).state).toBe("before_hire");
    fake.requests.length = 0;
    expect(await check("SomeoneElse1")).toEqual({ state: "not_found", reason: null, found: null });
    // Two pages hold the 60 media: the look-up stops at the last one.
    expect(fake.requests).toHaveLength(2);
    const lena = { identifier: "lena_wanders", accessToken: null };
    expect((await check("DReelAbc123", lena)).state).toBe("not_found");
  });

  it("reads at most MAX_MEDIA_PAGES pages of 50: a post older than the account's latest 200 is not found", async () => {
    const fake = fakeInstagram();
    const media = Array.from({ length: 260 }, (_, index) => ({
      id: `1790000000001${String(index).padStart(4, "0")}`,
      shortcode: `Busy${String(index).padStart(4, "0")}`,
      timestamp: "2026-03-02T09:00:00+0000",
      mediaType: "IMAGE" as const,
      likes: 1,
      comments: 0,
    }));
    fake.put({ username: "busy.account", biography: "", followers: 50_000, media: 260, posts: media });
    mswServer.use(...fake.handlers);
    const busy: LinkedAccount = { identifier: "busy.account", accessToken: null };
    expect((await check("Busy0199", busy)).state).toBe("verified");
    fake.requests.length = 0;
    expect((await check("Busy0250", busy)).state).toBe("not_found");
    expect(fake.requests).toHaveLength(MAX_MEDIA_PAGES);
  });

  it("an account discovery cannot see (personal now) is unverifiable, with why", async () => {
    serve();
    const gone = { identifier: "went_personal", accessToken: null };
    expect(await check("DReelAbc123", gone)).toMatchObject({
      state: "unverifiable",
      reason: expect.stringContaining("professional account"),
    });
  });

  it("reads a rate limit, an outage or an expired token as unavailable (the sweep asks again), never naming the token", async () => {
    const fake = serve();
    fake.state.rateLimited = true;
    expect(await check("DReelAbc123")).toMatchObject({
      state: "unavailable",
      reason: expect.stringContaining("rate limited"),
    });
    fake.state.rateLimited = false;
    fake.state.down = true;
    expect(await check("DReelAbc123")).toMatchObject({ state: "unavailable", reason: expect.stringContaining("503") });
    fake.state.down = false;
    fake.token.valid = false;
    const expired = await check("DReelAbc123");
    expect(expired).toMatchObject({ state: "unavailable", reason: expect.stringContaining("token was refused") });
    expect(expired.reason).not.toContain(INSTAGRAM_TEST_ACCOUNT.accessToken);
  });
});
