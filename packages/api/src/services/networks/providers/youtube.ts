import { Google } from "arctic";
import { z } from "zod";
import type { Clock } from "../../../clock";
import { apiGet, bearer, countOf, getJson, readAnswer, tokenRequest, tokensOf } from "./http";
import type { NetworkAccount, OAuthNetworkProvider } from "./ports";

/**
 * YouTube through arctic's Google client (PKCE, youtube.readonly) and the YouTube Data API v3: the channels of the
 * login (channels?mine=true: subscribers, videos, privacy), each channel's reactions the likes and comments of its
 * last uploads (playlistItems of the uploads playlist, then videos). A channel hiding its subscriber count gives
 * no analytics; a private channel is private; a Google account without a channel gives an empty list (none).
 * access_type=offline and prompt=consent make Google send a refresh token with every consent.
 *
 * A channel that never uploaded has an uploads playlist id that YouTube does not know: playlistItems answers
 * 404 `playlistNotFound` (YouTube Data API v3, playlistItems.list, "Errors"). That is no reactions to read, not a
 * failed link: its reactions are null (spec: shown as not available) and the channel links on its subscribers.
 */

export const YOUTUBE_API = "https://www.googleapis.com/youtube/v3";
const SCOPES = ["https://www.googleapis.com/auth/youtube.readonly"];
const RECENT_UPLOADS = 10;

export interface YouTubeOptions {
  clientId: string;
  clientSecret: string;
  /** PUBLIC_URL + /auth/youtube/callback, as registered with the Google OAuth client. */
  redirectUri: string;
  clock: Clock;
}

const channelsSchema = z.object({
  items: z
    .array(
      z.object({
        id: z.string().min(1),
        snippet: z.object({ title: z.string(), customUrl: z.string().optional() }),
        statistics: z
          .object({
            subscriberCount: z.string().optional(),
            hiddenSubscriberCount: z.boolean().optional(),
            videoCount: z.string().optional(),
          })
          .optional(),
        status: z.object({ privacyStatus: z.string().optional() }).optional(),
        contentDetails: z.object({ relatedPlaylists: z.object({ uploads: z.string().optional() }) }).optional(),
      }),
    )
    .optional(),
});

const playlistSchema = z.object({
  items: z.array(z.object({ contentDetails: z.object({ videoId: z.string() }) })).optional(),
});

const videosSchema = z.object({
  items: z
    .array(
      z.object({ statistics: z.object({ likeCount: z.string().optional(), commentCount: z.string().optional() }) }),
    )
    .optional(),
});

/** The reason of a YouTube API error (`{error: {errors: [{reason}]}}`), if the body has one. */
const errorReasonSchema = z.object({ error: z.object({ errors: z.array(z.object({ reason: z.string() })).min(1) }) });
const reasonOf = (body: unknown) => {
  const parsed = errorReasonSchema.safeParse(body);
  return parsed.success ? parsed.data.error.errors[0]?.reason : undefined;
};

export function youtubeProvider(options: YouTubeOptions): OAuthNetworkProvider {
  const client = new Google(options.clientId, options.clientSecret, options.redirectUri);

  async function reactionsOf(uploads: string | undefined, accessToken: string): Promise<number | null> {
    if (!uploads) return null;
    const playlistUrl = new URL(`${YOUTUBE_API}/playlistItems`);
    playlistUrl.searchParams.set("part", "contentDetails");
    playlistUrl.searchParams.set("playlistId", uploads);
    playlistUrl.searchParams.set("maxResults", String(RECENT_UPLOADS));
    const answer = await apiGet(playlistUrl, bearer(accessToken), "unknown");
    if (answer.status === 404 && reasonOf(answer.body) === "playlistNotFound") return null;
    const playlist = readAnswer(answer, playlistUrl, playlistSchema, "unknown");
    const videoIds = (playlist.items ?? []).map((item) => item.contentDetails.videoId);
    if (videoIds.length === 0) return 0;
    const videosUrl = new URL(`${YOUTUBE_API}/videos`);
    videosUrl.searchParams.set("part", "statistics");
    videosUrl.searchParams.set("id", videoIds.join(","));
    const videos = await getJson(videosUrl, bearer(accessToken), videosSchema, "unknown");
    return (videos.items ?? []).reduce(
      (sum, video) => sum + (countOf(video.statistics.likeCount) ?? 0) + (countOf(video.statistics.commentCount) ?? 0),
      0,
    );
  }

  return {
    type: "youtube",
    sandbox: false,
    authorizationUrl(state, codeVerifier) {
      const url = client.createAuthorizationURL(state, codeVerifier, SCOPES);
      url.searchParams.set("access_type", "offline");
      url.searchParams.set("prompt", "consent");
      return url;
    },
    exchangeCode(code, codeVerifier) {
      return tokenRequest("unknown", "google code exchange", async () =>
        tokensOf(await client.validateAuthorizationCode(code, codeVerifier), options.clock),
      );
    },
    refreshTokens(refreshToken) {
      return tokenRequest("unknown", "google refresh", async () => {
        const tokens = tokensOf(await client.refreshAccessToken(refreshToken), options.clock);
        // Google answers a refresh without a new refresh token: the one given stays valid.
        return { ...tokens, refreshToken: tokens.refreshToken ?? refreshToken };
      });
    },
    async readAccounts(tokens): Promise<NetworkAccount[]> {
      const url = new URL(`${YOUTUBE_API}/channels`);
      url.searchParams.set("part", "snippet,statistics,status,contentDetails");
      url.searchParams.set("mine", "true");
      const { items = [] } = await getJson(url, bearer(tokens.accessToken), channelsSchema, "unknown");
      const accounts: NetworkAccount[] = [];
      for (const channel of items) {
        const hidden = channel.statistics?.hiddenSubscriberCount === true;
        const subscribers = hidden ? null : countOf(channel.statistics?.subscriberCount);
        const handle = channel.snippet.customUrl;
        accounts.push({
          identifier: channel.id,
          title: channel.snippet.title,
          link: handle
            ? `https://www.youtube.com/${handle.startsWith("@") ? handle : `@${handle}`}`
            : `https://www.youtube.com/channel/${channel.id}`,
          followers: subscribers ?? 0,
          posts: countOf(channel.statistics?.videoCount),
          reactions: await reactionsOf(channel.contentDetails?.relatedPlaylists.uploads, tokens.accessToken),
          isPrivate: channel.status?.privacyStatus === "private",
          hasAnalytics: subscribers !== null,
        });
      }
      return accounts;
    },
  };
}
