import { describe, expect, it } from "vitest";
import { mswServer } from "../../../../../../scripts/test-setup/msw";
import { fakeTwitterPosts, TWITTER_TEST_BEARER } from "../../../testing/msw/twitter-handlers";
import { judgePost } from "./ports";
import { twitterPostVerifier } from "./twitter";

/** The X post check against an msw fake of the v2 post lookup (twitter-handlers.ts). */

const USER = "1480039215568734209";
const HIRED_AT = new Date("2026-03-01T10:00:00Z");
const account = { identifier: USER, accessToken: null };
const verifier = twitterPostVerifier({ bearerToken: TWITTER_TEST_BEARER });
const post = (id: string) => ({ network: "twitter" as const, url: `https://x.com/i/web/status/${id}`, postId: id });

function serve() {
  const fake = fakeTwitterPosts([
    {
      id: "1800000000000000001",
      authorId: USER,
      createdAt: "2026-03-02T09:00:00.000Z",
      impressions: 20_400,
      likes: 512,
      replies: 37,
    },
    {
      id: "1800000000000000002",
      authorId: "999",
      createdAt: "2026-03-02T09:00:00.000Z",
      impressions: 1,
      likes: 1,
      replies: 0,
    },
    {
      id: "1500000000000000003",
      authorId: USER,
      createdAt: "2026-02-01T09:00:00.000Z",
      impressions: 1,
      likes: 1,
      replies: 0,
    },
  ]);
  mswServer.use(...fake.handlers);
  return fake;
}

const check = async (id: string) => judgePost(await verifier.lookUp(post(id), account), account, HIRED_AT);

describe("the X post verifier", () => {
  it("finds the linked account's post after the hire: verified, with impressions, likes and replies", async () => {
    serve();
    expect(await check("1800000000000000001")).toEqual({
      state: "verified",
      reason: null,
      found: {
        authorId: USER,
        publishedAt: new Date("2026-03-02T09:00:00.000Z"),
        thumbnailUrl: null,
        statistics: { views: 20_400, likes: 512, comments: 37 },
      },
    });
  });

  it("says not found, another account's, before the hire", async () => {
    serve();
    expect((await check("1800000000000000009")).state).toBe("not_found");
    expect((await check("1800000000000000002")).state).toBe("other_account");
    expect((await check("1500000000000000003")).state).toBe("before_hire");
  });

  it("reads a rate limit or a refused token as unavailable", async () => {
    const fake = serve();
    fake.state.rateLimited = true;
    expect(await check("1800000000000000001")).toMatchObject({
      state: "unavailable",
      reason: expect.stringContaining("429"),
    });
    fake.state.rateLimited = false;
    const wrong = twitterPostVerifier({ bearerToken: "wrong" });
    expect((await wrong.lookUp(post("1800000000000000001"), account)).state).toBe("unavailable");
  });
});
