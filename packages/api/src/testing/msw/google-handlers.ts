import { type HttpHandler, HttpResponse, http } from "msw";
import { bearerOf, ConsentDesk, issue, pkceTokenEndpoint } from "./oauth-fake";

/**
 * A fake of Google's OAuth 2.0 (authorization code with PKCE) and the YouTube Data API v3 calls the YouTube adapter
 * makes, for msw (one handlers file per provider): POST oauth2.googleapis.com/token for codes and refresh tokens (a
 * refresh answers no new refresh token, as Google does), GET youtube/v3/channels?mine=true, playlistItems and
 * videos. Errors have Google's shapes: OAuth `{error, error_description}` at the token endpoint, `{error: {code,
 * message, errors, status}}` on the API. Counts are strings, as the YouTube API writes them.
 *
 * Checked against: YouTube Data API v3 reference (https://developers.google.com/youtube/v3/docs), channels.list,
 * playlistItems.list and videos.list with their "Errors" tables (playlistItems.list: 404 `playlistNotFound`, "The
 * playlist identified with the request's playlistId parameter cannot be found", which is also the answer for the
 * uploads playlist of a channel that never uploaded); the error body is Google's JSON error format
 * (https://cloud.google.com/apis/design/errors, `{error: {code, message, errors: [{message, domain, reason}],
 * status}}`); the token endpoint is Google's OAuth 2.0 for web server apps
 * (https://developers.google.com/identity/protocols/oauth2/web-server, "Refreshing an access token").
 */

export const GOOGLE_TEST_APP = {
  clientId: "123456789012-fake.apps.googleusercontent.com",
  clientSecret: "GOCSPX-google-test-client-secret",
  redirectUri: "https://market.test/auth/youtube/callback",
} as const;

export interface YouTubeTestChannel {
  id: string;
  title: string;
  customUrl?: string;
  subscribers: number;
  hiddenSubscriberCount?: boolean;
  videos: number;
  privacyStatus?: "public" | "private" | "unlisted";
  /** Likes and comments of each recent upload, newest first. */
  uploads?: { likes: number; comments: number }[];
  /** The channel never uploaded: YouTube knows no uploads playlist for it (playlistItems answers 404). */
  neverUploaded?: boolean;
}

export interface GoogleTestUser {
  /** A Google account without a channel has none. */
  channels: YouTubeTestChannel[];
}

const AUTHORIZE = "https://accounts.google.com/o/oauth2/v2/auth";
const TOKEN = "https://oauth2.googleapis.com/token";
const API = "https://www.googleapis.com/youtube/v3";

const apiError = (code: number, message: string, reason: string, status: string) =>
  HttpResponse.json(
    { error: { code, message, errors: [{ message, domain: "global", reason }], status } },
    { status: code },
  );

const unauthenticated = () =>
  apiError(
    401,
    "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.",
    "authError",
    "UNAUTHENTICATED",
  );

export function fakeGoogle(app: { clientId: string; clientSecret: string } = GOOGLE_TEST_APP) {
  const desk = new ConsentDesk<GoogleTestUser>({
    authorizeUrl: AUTHORIZE,
    clientId: app.clientId,
    scopes: ["https://www.googleapis.com/auth/youtube.readonly"],
  });
  const accessTokens = new Map<string, GoogleTestUser>();
  const refreshTokens = new Map<string, GoogleTestUser>();
  /** Answers 403 quotaExceeded to every API call while set (the project's daily quota is spent). */
  const state = { quotaExceeded: false };

  const access = (user: GoogleTestUser) => {
    const token = issue("ya29");
    accessTokens.set(token, user);
    return token;
  };
  const guard = (request: Request) => {
    const user = accessTokens.get(bearerOf(request) ?? "");
    if (!user) return { refusal: unauthenticated() };
    if (state.quotaExceeded) {
      return {
        refusal: apiError(
          403,
          "The request cannot be completed because you have exceeded your quota.",
          "quotaExceeded",
          "PERMISSION_DENIED",
        ),
      };
    }
    return { user };
  };
  const uploadsOf = (channel: YouTubeTestChannel) => `UU${channel.id.slice(2)}`;

  const handlers: HttpHandler[] = [
    http.post(
      TOKEN,
      pkceTokenEndpoint(desk, app, {
        badClient: () =>
          HttpResponse.json(
            { error: "invalid_client", error_description: "The OAuth client was not found." },
            { status: 401 },
          ),
        tokens(user) {
          const refresh = issue("1//refresh");
          refreshTokens.set(refresh, user);
          return HttpResponse.json({
            access_token: access(user),
            expires_in: 3599,
            refresh_token: refresh,
            scope: "https://www.googleapis.com/auth/youtube.readonly",
            token_type: "Bearer",
          });
        },
        badCode: () => HttpResponse.json({ error: "invalid_grant", error_description: "Bad Request" }, { status: 400 }),
        refresh(token) {
          const user = refreshTokens.get(token);
          if (!user) {
            return HttpResponse.json(
              { error: "invalid_grant", error_description: "Token has been expired or revoked." },
              { status: 400 },
            );
          }
          // Google answers no new refresh token: the one the client has keeps working.
          return HttpResponse.json({
            access_token: access(user),
            expires_in: 3599,
            scope: "https://www.googleapis.com/auth/youtube.readonly",
            token_type: "Bearer",
          });
        },
        badGrant: () =>
          HttpResponse.json(
            { error: "unsupported_grant_type", error_description: "Invalid grant_type" },
            { status: 400 },
          ),
      }),
    ),

    http.get(`${API}/channels`, ({ request }) => {
      const { user, refusal } = guard(request);
      if (!user) return refusal;
      const url = new URL(request.url);
      if (url.searchParams.get("mine") !== "true")
        return apiError(400, "No filter selected.", "missingRequiredParameter", "INVALID_ARGUMENT");
      const parts = (url.searchParams.get("part") ?? "").split(",");
      return HttpResponse.json({
        kind: "youtube#channelListResponse",
        etag: "etag-channels",
        pageInfo: { totalResults: user.channels.length, resultsPerPage: 5 },
        ...(user.channels.length === 0
          ? {}
          : {
              items: user.channels.map((channel) => ({
                kind: "youtube#channel",
                etag: `etag-${channel.id}`,
                id: channel.id,
                ...(parts.includes("snippet")
                  ? {
                      snippet: {
                        title: channel.title,
                        description: "",
                        ...(channel.customUrl ? { customUrl: channel.customUrl } : {}),
                        publishedAt: "2019-04-02T10:00:00Z",
                      },
                    }
                  : {}),
                ...(parts.includes("contentDetails")
                  ? { contentDetails: { relatedPlaylists: { likes: "", uploads: uploadsOf(channel) } } }
                  : {}),
                ...(parts.includes("statistics")
                  ? {
                      statistics: {
                        viewCount: String(channel.subscribers * 40),
                        ...(channel.hiddenSubscriberCount ? {} : { subscriberCount: String(channel.subscribers) }),
                        hiddenSubscriberCount: channel.hiddenSubscriberCount ?? false,
                        videoCount: String(channel.videos),
                      },
                    }
                  : {}),
                ...(parts.includes("status")
                  ? { status: { privacyStatus: channel.privacyStatus ?? "public", isLinked: true } }
                  : {}),
              })),
            }),
      });
    }),

    http.get(`${API}/playlistItems`, ({ request }) => {
      const { user, refusal } = guard(request);
      if (!user) return refusal;
      const url = new URL(request.url);
      const channel = user.channels.find((candidate) => uploadsOf(candidate) === url.searchParams.get("playlistId"));
      if (!channel || channel.neverUploaded) {
        return apiError(
          404,
          "The playlist identified with the request's playlistId parameter cannot be found.",
          "playlistNotFound",
          "NOT_FOUND",
        );
      }
      const max = Number(url.searchParams.get("maxResults") ?? 5);
      return HttpResponse.json({
        kind: "youtube#playlistItemListResponse",
        items: (channel.uploads ?? []).slice(0, max).map((_, index) => ({
          kind: "youtube#playlistItem",
          id: `item-${index}`,
          contentDetails: { videoId: `${channel.id}-v${index}`, videoPublishedAt: "2026-01-01T00:00:00Z" },
        })),
        pageInfo: { totalResults: channel.uploads?.length ?? 0, resultsPerPage: max },
      });
    }),

    http.get(`${API}/videos`, ({ request }) => {
      const { user, refusal } = guard(request);
      if (!user) return refusal;
      const ids = (new URL(request.url).searchParams.get("id") ?? "").split(",");
      const items = ids.flatMap((id) => {
        const channel = user.channels.find((candidate) => id.startsWith(`${candidate.id}-v`));
        const upload = channel?.uploads?.[Number(id.slice((channel?.id.length ?? 0) + 2))];
        return upload
          ? [
              {
                kind: "youtube#video",
                id,
                statistics: {
                  viewCount: String(upload.likes * 30),
                  likeCount: String(upload.likes),
                  favoriteCount: "0",
                  commentCount: String(upload.comments),
                },
              },
            ]
          : [];
      });
      return HttpResponse.json({ kind: "youtube#videoListResponse", items });
    }),
  ];

  return {
    handlers,
    state,
    consent: (authorizationUrl: URL, user: GoogleTestUser) => desk.consent(authorizationUrl, user),
    deny: (authorizationUrl: URL) => desk.deny(authorizationUrl),
    /** The access token runs out (after an hour at Google). */
    expire(accessToken: string) {
      accessTokens.delete(accessToken);
    },
    /** The user revokes the app's access: the refresh token stops working. */
    revoke(refreshToken: string) {
      refreshTokens.delete(refreshToken);
    },
  };
}

/** A public video as videos.list describes it (issue 37's post check). */
export interface YouTubeTestVideo {
  id: string;
  channelId: string;
  publishedAt: string;
  views: number;
  /** Absent when the owner hides the like count: videos.list then omits likeCount. */
  likes?: number;
  comments: number;
}

export const YOUTUBE_TEST_API_KEY = "AIzaSy-test-api-key";

/**
 * videos.list with an API key (https://developers.google.com/youtube/v3/docs/videos/list): `part=snippet,statistics`
 * answers each public video's snippet (channelId, publishedAt, thumbnails default/medium/high) and statistics as
 * strings; ids it does not know (unknown, private, deleted) are left out of `items`, still a 200. A wrong key is
 * 400 `keyInvalid` ("API key not valid. Please pass a valid API key."); `state.down` answers 503 `backendError`, as
 * Google's JSON error format gives it (https://cloud.google.com/apis/design/errors).
 */
export function fakeYouTubeVideos(videos: readonly YouTubeTestVideo[], apiKey = YOUTUBE_TEST_API_KEY) {
  const state = { down: false };
  const handlers: HttpHandler[] = [
    http.get(`${API}/videos`, ({ request }) => {
      const url = new URL(request.url);
      if (state.down) return apiError(503, "The service is currently unavailable.", "backendError", "UNAVAILABLE");
      if (url.searchParams.get("key") !== apiKey)
        return apiError(400, "API key not valid. Please pass a valid API key.", "keyInvalid", "INVALID_ARGUMENT");
      const parts = (url.searchParams.get("part") ?? "").split(",");
      const ids = (url.searchParams.get("id") ?? "").split(",");
      const items = videos
        .filter((video) => ids.includes(video.id))
        .map((video) => ({
          kind: "youtube#video",
          etag: `etag-${video.id}`,
          id: video.id,
          ...(parts.includes("snippet")
            ? {
                snippet: {
                  publishedAt: video.publishedAt,
                  channelId: video.channelId,
                  title: "A sponsored video",
                  thumbnails: {
                    default: { url: `https://i.ytimg.com/vi/${video.id}/default.jpg`, width: 120, height: 90 },
                    medium: { url: `https://i.ytimg.com/vi/${video.id}/mqdefault.jpg`, width: 320, height: 180 },
                    high: { url: `https://i.ytimg.com/vi/${video.id}/hqdefault.jpg`, width: 480, height: 360 },
                  },
                },
              }
            : {}),
          ...(parts.includes("statistics")
            ? {
                statistics: {
                  viewCount: String(video.views),
                  ...(video.likes === undefined ? {} : { likeCount: String(video.likes) }),
                  favoriteCount: "0",
                  commentCount: String(video.comments),
                },
              }
            : {}),
        }));
      return HttpResponse.json({
        kind: "youtube#videoListResponse",
        etag: "etag-videos",
        items,
        pageInfo: { totalResults: items.length, resultsPerPage: items.length },
      });
    }),
  ];
  return { handlers, state };
}
