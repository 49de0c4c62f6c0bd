import { describe, expect, it } from "vitest";
import { mswServer } from "../../../../../../scripts/test-setup/msw";
import { fakeYouTubeVideos, YOUTUBE_TEST_API_KEY } from "../../../testing/msw/google-handlers";
import { judgePost } from "./ports";
import { youtubePostVerifier } from "./youtube";

/** The YouTube post check against an msw fake of videos.list with an API key (google-handlers.ts). */

const CHANNEL = "UC7rQkDq0mJ4fN2xWcVb8LsA";
const HIRED_AT = new Date("2026-03-01T10:00:00Z");
const account = { identifier: CHANNEL, accessToken: null };
const post = (postId: string) => ({
  network: "youtube" as const,
  url: `https://www.youtube.com/watch?v=${postId}`,
  postId,
});
const verifier = youtubePostVerifier({ apiKey: YOUTUBE_TEST_API_KEY });

function serve() {
  const fake = fakeYouTubeVideos([
    {
      id: "aBcDeFgHiJk",
      channelId: CHANNEL,
      publishedAt: "2026-03-02T09:00:00Z",
      views: 48_210,
      likes: 2_930,
      comments: 214,
    },
    { id: "hiddenLikes", channelId: CHANNEL, publishedAt: "2026-03-02T09:00:00Z", views: 10, comments: 1 },
    {
      id: "otherChanne",
      channelId: "UCsomeoneElse00000000000",
      publishedAt: "2026-03-02T09:00:00Z",
      views: 5,
      likes: 1,
      comments: 0,
    },
    { id: "olderVideo1", channelId: CHANNEL, publishedAt: "2026-02-01T09:00:00Z", views: 5, likes: 1, comments: 0 },
  ]);
  mswServer.use(...fake.handlers);
  return fake;
}

const check = async (postId: string) => judgePost(await verifier.lookUp(post(postId), account), account, HIRED_AT);

describe("the YouTube post verifier", () => {
  it("finds the channel's video published after the hire: verified, with its thumbnail and statistics", async () => {
    serve();
    expect(await check("aBcDeFgHiJk")).toEqual({
      state: "verified",
      reason: null,
      found: {
        authorId: CHANNEL,
        publishedAt: new Date("2026-03-02T09:00:00Z"),
        thumbnailUrl: "https://i.ytimg.com/vi/aBcDeFgHiJk/hqdefault.jpg",
        statistics: { views: 48_210, likes: 2_930, comments: 214 },
      },
    });
    // A hidden like count is not a zero.
    expect((await check("hiddenLikes")).found?.statistics).toEqual({ views: 10, likes: null, comments: 1 });
  });

  it("says not found, another account's, published before the hire", async () => {
    serve();
    expect(await check("noSuchVideo")).toEqual({ state: "not_found", reason: null, found: null });
    expect((await check("otherChanne")).state).toBe("other_account");
    expect((await check("olderVideo1")).state).toBe("before_hire");
  });

  it("reads an outage or a refused key as unavailable (the sweep asks again)", async () => {
    const fake = serve();
    fake.state.down = true;
    expect(await check("aBcDeFgHiJk")).toMatchObject({ state: "unavailable", reason: expect.stringContaining("503") });
    fake.state.down = false;
    const wrongKey = youtubePostVerifier({ apiKey: "wrong" });
    expect(await wrongKey.lookUp(post("aBcDeFgHiJk"), account)).toMatchObject({
      state: "unavailable",
      reason: expect.stringContaining("400"),
    });
  });
});
