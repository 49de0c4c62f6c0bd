import { describe, expect, it } from "vitest";
import { mswServer } from "../../../../../../scripts/test-setup/msw";
import { FACEBOOK_TEST_APP, fakeFacebookPosts } from "../../../testing/msw/facebook-handlers";
import { facebookPostVerifier, PFBID_REASON } from "./facebook";
import { judgePost, type LinkedAccount } from "./ports";

/** The Facebook post check against an msw fake of Graph's page post and video reads (facebook-handlers.ts). */

const PAGE = "104857600000001";
const OTHER_PAGE = "104857600000002";
const PAGE_TOKEN = "EAApage-test-alex";
const HIRED_AT = new Date("2026-03-01T10:00:00Z");
const account: LinkedAccount = { identifier: PAGE, accessToken: PAGE_TOKEN };
const verifier = facebookPostVerifier({ appSecret: FACEBOOK_TEST_APP.clientSecret });

const at = (time: string) => `${time}+0000`;
function serve() {
  const fake = fakeFacebookPosts(
    [
      { pageId: PAGE, token: PAGE_TOKEN },
      { pageId: OTHER_PAGE, token: "EAApage-test-other" },
    ],
    [
      {
        pageId: PAGE,
        id: "9000000000000001",
        kind: "post",
        fromId: PAGE,
        createdTime: at("2026-03-02T09:00:00"),
        reactions: 1_240,
        comments: 96,
      },
      {
        pageId: PAGE,
        id: "9000000000000002",
        kind: "post",
        fromId: "100000000000777",
        createdTime: at("2026-03-02T09:00:00"),
        reactions: 3,
        comments: 0,
      },
      {
        pageId: PAGE,
        id: "9000000000000003",
        kind: "post",
        fromId: PAGE,
        createdTime: at("2025-11-02T09:00:00"),
        reactions: 5,
        comments: 1,
      },
      {
        pageId: PAGE,
        id: "1234567890123",
        kind: "video",
        fromId: PAGE,
        createdTime: at("2026-03-04T09:00:00"),
        reactions: 410,
        comments: 12,
      },
      {
        pageId: OTHER_PAGE,
        id: "9000000000000009",
        kind: "post",
        fromId: OTHER_PAGE,
        createdTime: at("2026-03-02T09:00:00"),
        reactions: 1,
        comments: 0,
      },
    ],
  );
  mswServer.use(...fake.handlers);
  return fake;
}

const lookUp = (url: string, postId: string, who = account) =>
  verifier.lookUp({ network: "facebook", url, postId }, who);
const check = async (url: string, postId: string, who = account) =>
  judgePost(await lookUp(url, postId, who), who, HIRED_AT);
const pagePost = (id: string, page = "alexwanders") => [`https://www.facebook.com/${page}/posts/${id}`, id] as const;

describe("the Facebook post verifier", () => {
  it("reads the page's post as {page}_{post} with the Page token: verified, thumbnail, reactions and comments", async () => {
    const fake = serve();
    expect(await check(...pagePost("9000000000000001"))).toEqual({
      state: "verified",
      reason: null,
      found: {
        authorId: PAGE,
        publishedAt: new Date("2026-03-02T09:00:00Z"),
        thumbnailUrl: "https://scontent.xx.fbcdn.net/v/t39.30808-6/9000000000000001_n.jpg",
        statistics: { views: null, likes: 1_240, comments: 96 },
      },
    });
    expect(fake.requests[0]?.pathname).toBe(`/v26.0/${PAGE}_9000000000000001`);
    expect(fake.requests[0]?.searchParams.get("fields")).toContain("full_picture");
  });

  it("reads a reel or a video by its own id, and a permalink's composite id as it is", async () => {
    const fake = serve();
    expect(await check("https://www.facebook.com/reel/1234567890123/", "1234567890123")).toMatchObject({
      state: "verified",
      found: { statistics: { likes: 410, comments: 12 } },
    });
    expect(fake.requests[0]?.pathname).toBe("/v26.0/1234567890123");
    expect(fake.requests[0]?.searchParams.get("fields")).toContain("picture");
    const permalink = `https://www.facebook.com/permalink.php?story_fbid=9000000000000001&id=${PAGE}`;
    expect((await check(permalink, `${PAGE}_9000000000000001`)).state).toBe("verified");
  });

  it("says not found, another account's (a visitor's post on the page), before the hire", async () => {
    serve();
    expect(await check(...pagePost("9000000000000099"))).toEqual({ state: "not_found", reason: null, found: null });
    // Another page's post: its Page token is not ours, and Graph answers as for no post.
    expect((await check(...pagePost("9000000000000009", "someotherpage"))).state).toBe("not_found");
    expect((await check(...pagePost("9000000000000002"))).state).toBe("other_account");
    expect((await check(...pagePost("9000000000000003"))).state).toBe("before_hire");
  });

  it("reads a rate limit, an outage or an expired Page token as unavailable, never naming the token", async () => {
    const fake = serve();
    fake.state.rateLimited = true;
    expect(await check(...pagePost("9000000000000001"))).toMatchObject({
      state: "unavailable",
      reason: expect.stringContaining("rate limited"),
    });
    fake.state.rateLimited = false;
    fake.state.down = true;
    expect(await check(...pagePost("9000000000000001"))).toMatchObject({
      state: "unavailable",
      reason: expect.stringContaining("503"),
    });
    fake.state.down = false;
    fake.state.expiredTokens.add(PAGE_TOKEN);
    const expired = await check(...pagePost("9000000000000001"));
    expect(expired).toMatchObject({ state: "unavailable", reason: expect.stringContaining("token was refused") });
    expect(expired.reason).not.toContain(PAGE_TOKEN);
  });

  it("cannot ask without a Page token, nor about a pfbid link: unverifiable, with why", async () => {
    serve();
    expect(await lookUp(...pagePost("9000000000000001"), { identifier: PAGE, accessToken: null })).toMatchObject({
      state: "unverifiable",
      reason: expect.stringContaining("link it again"),
    });
    expect(await lookUp(...pagePost("pfbid02abcdefghijKLMNOP"))).toEqual({
      state: "unverifiable",
      reason: PFBID_REASON,
    });
  });
});
