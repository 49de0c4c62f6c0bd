import { generateCodeVerifier } from "arctic";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { mswServer } from "../../../../../../scripts/test-setup/msw";
import { fixedClock } from "../../../clock";
import { fakeGoogle, GOOGLE_TEST_APP, type GoogleTestUser } from "../../../testing/msw/google-handlers";
import { linkFailureOf, oauthBench } from "../../../testing/oauth-adapter";
import { YOUTUBE_API, youtubeProvider } from "./youtube";

/** The YouTube adapter against msw handlers shaped like Google's OAuth and the YouTube Data API (google-handlers.ts). */

const clock = fixedClock(new Date("2026-03-01T10:00:00Z"));
const provider = youtubeProvider({ ...GOOGLE_TEST_APP, clock });
const google = oauthBench(provider, () => fakeGoogle());
const { consent, link } = google;

const CHANNEL = {
  id: "UC7rQkDq0mJ4fN2xWcVb8LsA",
  title: "Jordan Lee Kitchen",
  customUrl: "@jordanleekitchen",
  subscribers: 126_500,
  videos: 214,
  uploads: [
    { likes: 900, comments: 85 },
    { likes: 610, comments: 40 },
  ],
};

const read = async (user: GoogleTestUser) => provider.readAccounts(await link(user));

describe("the YouTube adapter", () => {
  it("asks Google for youtube.readonly, offline, with PKCE", () => {
    const { url } = consent({ channels: [] });
    expect(url.origin).toBe("https://accounts.google.com");
    expect(url.searchParams.get("scope")).toBe("https://www.googleapis.com/auth/youtube.readonly");
    expect(url.searchParams.get("access_type")).toBe("offline");
    expect(url.searchParams.get("prompt")).toBe("consent");
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
  });

  it("reads the channel: subscribers, videos, and the likes and comments of its last uploads", async () => {
    expect(await read({ channels: [CHANNEL] })).toEqual([
      {
        identifier: "UC7rQkDq0mJ4fN2xWcVb8LsA",
        title: "Jordan Lee Kitchen",
        link: "https://www.youtube.com/@jordanleekitchen",
        followers: 126_500,
        posts: 214,
        reactions: 900 + 85 + 610 + 40,
        isPrivate: false,
        hasAnalytics: true,
      },
    ]);
  });

  it("reads a hidden subscriber count as no analytics, a private channel as private, none as an empty list", async () => {
    const [hidden] = await read({ channels: [{ ...CHANNEL, hiddenSubscriberCount: true }] });
    expect(hidden).toMatchObject({ hasAnalytics: false, followers: 0 });
    const [secret] = await read({ channels: [{ ...CHANNEL, privacyStatus: "private" }] });
    expect(secret?.isPrivate).toBe(true);
    expect(await read({ channels: [] })).toEqual([]);
    const [empty] = await read({ channels: [{ ...CHANNEL, customUrl: undefined, uploads: [] }] });
    expect(empty).toMatchObject({ reactions: 0, link: `https://www.youtube.com/channel/${CHANNEL.id}` });
  });

  it("links a channel that never uploaded, its reactions not available (YouTube's 404 playlistNotFound)", async () => {
    const [channel] = await read({ channels: [{ ...CHANNEL, neverUploaded: true }] });
    expect(channel).toMatchObject({ identifier: CHANNEL.id, followers: 126_500, reactions: null, hasAnalytics: true });
  });

  it("still fails on another refusal of the uploads playlist (a spent quota is not a missing playlist)", async () => {
    const tokens = await link({ channels: [CHANNEL] });
    mswServer.use(
      http.get(`${YOUTUBE_API}/playlistItems`, () =>
        HttpResponse.json(
          {
            error: { code: 403, message: "quota", errors: [{ reason: "quotaExceeded" }], status: "PERMISSION_DENIED" },
          },
          { status: 403 },
        ),
      ),
    );
    expect(await linkFailureOf(provider.readAccounts(tokens))).toBe("unknown");
  });

  it("refreshes, keeping the refresh token Google does not send again, until the user revokes it", async () => {
    const tokens = await link({ channels: [CHANNEL] });
    google.fake.expire(tokens.accessToken);
    expect(await linkFailureOf(provider.readAccounts(tokens))).toBe("unknown");
    const refreshed = await provider.refreshTokens(tokens.refreshToken ?? "");
    expect(refreshed.refreshToken).toBe(tokens.refreshToken);
    expect(refreshed.expiresAt).toEqual(new Date(clock.now().getTime() + 3_599_000));
    expect(await provider.readAccounts(refreshed)).toHaveLength(1);
    google.fake.revoke(tokens.refreshToken ?? "");
    expect(await linkFailureOf(provider.refreshTokens(tokens.refreshToken ?? ""))).toBe("unknown");
  });

  it("refuses a code with another verifier or replayed", async () => {
    const { verifier, code } = consent({ channels: [CHANNEL] });
    expect(await linkFailureOf(provider.exchangeCode(code, generateCodeVerifier()))).toBe("unknown");
    const second = consent({ channels: [CHANNEL] });
    await provider.exchangeCode(second.code, second.verifier);
    expect(await linkFailureOf(provider.exchangeCode(second.code, second.verifier))).toBe("unknown");
    expect(await linkFailureOf(provider.exchangeCode("made-up", verifier))).toBe("unknown");
  });

  it("maps a spent API quota to unknown", async () => {
    const tokens = await link({ channels: [CHANNEL] });
    google.fake.state.quotaExceeded = true;
    expect(await linkFailureOf(provider.readAccounts(tokens))).toBe("unknown");
  });
});
