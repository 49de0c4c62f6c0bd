import { type HttpHandler, HttpResponse, http } from "msw";
import { graphError } from "./facebook-handlers";
import { bearerOf } from "./oauth-fake";

/**
 * A fake of the Instagram Graph API's business discovery, the call the Instagram reader makes, for msw (one
 * handlers file per provider): GET graph.facebook.com/{version}/{ig-user-id}?fields=business_discovery.username
 * (NAME){...}, answered for the marketplace's own account and token only. A username it cannot see (unknown,
 * personal or private) is Graph's error 110 / subcode 2207013; bios can be changed mid-test (the user pastes the
 * code), as on Instagram. GET /{version}/debug_token answers, to the app's token `{app-id}|{app-secret}`, what
 * Graph knows of the account's token: valid or not, and when it and its data access run out (0: never, as a system
 * user's non-expiring token).
 *
 * Checked against Meta's documents (Graph API v26.0): business discovery
 * (https://developers.facebook.com/docs/instagram-platform/instagram-graph-api/reference/ig-user/business_discovery),
 * Graph's error object (https://developers.facebook.com/docs/graph-api/guides/error-handling), debug_token
 * (https://developers.facebook.com/docs/graph-api/reference/debug_token: `{data: {app_id, type, application,
 * data_access_expires_at, expires_at, is_valid, issued_at, scopes, user_id}}`, an invalid token answered with
 * `is_valid: false` and its `error`), and system users' non-expiring tokens
 * (https://developers.facebook.com/docs/business-management-apis/system-users/install-apps-and-generate-tokens).
 *
 * The delivery check (issue 37) lists the discovered account's media through the same call, expanding its /media
 * edge (`media.after(CURSOR).limit(N){id,permalink,timestamp,like_count,comments_count,media_type,media_url}`, as
 * the business discovery reference's field expansion shows, paged by `paging.cursors.after`), newest first. Graph's
 * own trouble is switched by tests: the app's rate limit (code 4, "Application request limit reached"), an outage
 * (code 2, 503) and a token no longer valid (190, subcode 463 "Session has expired"), as Graph's error-handling guide
 * lists them.
 */

export const INSTAGRAM_TEST_ACCOUNT = {
  businessAccountId: "17841400000000001",
  accessToken: "EAAinstagram-test-long-lived-token",
} as const;

export interface InstagramTestProfile {
  username: string;
  biography: string;
  followers: number;
  media: number;
  /** Likes and comments of each recent media. */
  recent?: { likes: number; comments: number }[];
  /** The account's published media, newest first, as the /media edge lists them (the delivery check). */
  posts?: InstagramTestMedia[];
}

/** A media of an account as business discovery's /media edge gives it. */
export interface InstagramTestMedia {
  id: string;
  shortcode: string;
  /** Graph's time, e.g. "2026-03-02T09:00:00+0000". */
  timestamp: string;
  mediaType: "IMAGE" | "VIDEO" | "CAROUSEL_ALBUM";
  likes: number;
  comments: number;
  /** A reel's permalink is /reel/{code}/, a post's /p/{code}/. */
  reel?: boolean;
}

/** The Facebook app the marketplace's Instagram token belongs to (debug_token is asked with its app token). */
export const INSTAGRAM_TEST_APP = {
  appId: "1234567890123456",
  appSecret: "fb-test-app-secret-0123456789abcdef",
} as const;

/** What Graph knows of the account's token: a system user's never runs out (null). */
export interface InstagramTestToken {
  valid: boolean;
  expiresAt: Date | null;
  dataAccessExpiresAt: Date | null;
}

const GRAPH = "https://graph.facebook.com";
const unixOf = (date: Date | null) => (date === null ? 0 : Math.floor(date.getTime() / 1000));
const DISCOVERY = /^business_discovery\.username\(([^)]*)\)\{(.*)\}$/;
/** The /media edge expanded with a cursor and a page size: media.after(CURSOR).limit(N){fields}. */
const MEDIA_EDGE = /media(?:\.after\(([^)]*)\))?\.limit\((\d+)\)\{([^}]*)\}/;

export function fakeInstagram(
  account: { businessAccountId: string; accessToken: string } = INSTAGRAM_TEST_ACCOUNT,
  app: { appId: string; appSecret: string } = INSTAGRAM_TEST_APP,
) {
  const profiles = new Map<string, InstagramTestProfile>();
  /** Every discovery request, for tests that check what the reader sent. */
  const requests: URL[] = [];
  /** The account's token as debug_token describes it; a system user's by default. */
  const token: InstagramTestToken = { valid: true, expiresAt: null, dataAccessExpiresAt: null };
  /** Graph's own trouble, set by a test: the app's rate limit (code 4) or an outage (code 2, 503). */
  const state = { rateLimited: false, down: false };

  const handlers: HttpHandler[] = [
    http.get(`${GRAPH}/:version/debug_token`, ({ request }) => {
      const url = new URL(request.url);
      if ((bearerOf(request) ?? url.searchParams.get("access_token")) !== `${app.appId}|${app.appSecret}`) {
        return graphError(
          "(#100) You must provide an app access token, or a user access token that is an owner or developer of the app",
          100,
        );
      }
      const input = url.searchParams.get("input_token") ?? "";
      if (input !== account.accessToken || !token.valid) {
        return HttpResponse.json({
          data: {
            app_id: app.appId,
            type: "USER",
            application: "Market",
            expires_at: unixOf(token.expiresAt),
            is_valid: false,
            scopes: [],
            error: {
              code: 190,
              message: "Error validating access token: The session has been invalidated.",
              subcode: 466,
            },
          },
        });
      }
      return HttpResponse.json({
        data: {
          app_id: app.appId,
          type: "USER",
          application: "Market",
          data_access_expires_at: unixOf(token.dataAccessExpiresAt),
          expires_at: unixOf(token.expiresAt),
          is_valid: true,
          issued_at: 1_767_225_600,
          scopes: ["instagram_basic", "pages_read_engagement", "pages_show_list"],
          user_id: "122100000000000001",
        },
      });
    }),

    http.get(`${GRAPH}/:version/:igUserId`, ({ request, params }) => {
      const url = new URL(request.url);
      requests.push(url);
      if (state.down) return graphError("Service temporarily unavailable", 2, "OAuthException", undefined, 503);
      if (bearerOf(request) !== account.accessToken || !token.valid) {
        return graphError("Error validating access token: Session has expired.", 190, "OAuthException", 463);
      }
      if (state.rateLimited) return graphError("(#4) Application request limit reached", 4);
      if (params.igUserId !== account.businessAccountId) {
        return graphError(
          `Unsupported get request. Object with ID '${String(params.igUserId)}' does not exist`,
          100,
          "GraphMethodException",
          33,
        );
      }
      const match = DISCOVERY.exec(url.searchParams.get("fields") ?? "");
      if (!match) return graphError("(#100) Tried accessing nonexisting field", 100);
      const [, username = "", fields = ""] = match;
      const profile = profiles.get(username.toLowerCase());
      if (!profile) return graphError("Invalid user id", 110, "OAuthException", 2_207_013);
      const edge = MEDIA_EDGE.exec(fields);
      // The delivery check's listing asks for permalinks; the reader's recent media only for their counts.
      if (edge?.[3]?.includes("permalink"))
        return HttpResponse.json(mediaPage(profile, edge, account.businessAccountId));
      return HttpResponse.json({
        business_discovery: {
          id: `1784${profile.username.length}0000000000`,
          username: profile.username,
          ...(fields.includes("biography") ? { biography: profile.biography } : {}),
          ...(fields.includes("followers_count") ? { followers_count: profile.followers } : {}),
          ...(fields.includes("media_count") ? { media_count: profile.media } : {}),
          ...(fields.includes("media.")
            ? {
                media: {
                  data: (profile.recent ?? []).map((media, index) => ({
                    like_count: media.likes,
                    comments_count: media.comments,
                    id: `1790000000000000${index}`,
                  })),
                  paging: { cursors: { after: "QVFIUmx" } },
                },
              }
            : {}),
        },
        id: account.businessAccountId,
      });
    }),
  ];

  return {
    handlers,
    requests,
    /** What debug_token says of the account's token; a test changes it. */
    token,
    /** Graph's rate limit or outage, switched by a test. */
    state,
    /** Adds or replaces a professional account discovery can see. */
    put(profile: InstagramTestProfile) {
      profiles.set(profile.username.toLowerCase(), profile);
    },
    setBio(username: string, biography: string) {
      const profile = profiles.get(username.toLowerCase());
      if (!profile) throw new Error(`no test profile ${username}`);
      profile.biography = biography;
    },
  };
}

/**
 * A page of the /media edge: the media after the cursor (an index here, opaque to the reader as Graph's are), each
 * with the fields asked, and `paging.cursors.after` while more remain (Graph also gives `next`, a URL of the edge
 * itself, which business discovery's callers do not follow: they ask again with `.after()`).
 */
function mediaPage(profile: InstagramTestProfile, edge: RegExpExecArray, ownAccountId: string) {
  const [, after, limit = "25", fields = ""] = edge;
  const wanted = new Set(fields.split(","));
  const from = after ? Number(Buffer.from(after, "base64url").toString()) : 0;
  const all = profile.posts ?? [];
  const slice = all.slice(from, from + Number(limit));
  const pick = (media: InstagramTestMedia) => {
    const kind = media.reel ? "reel" : "p";
    const full: Record<string, unknown> = {
      id: media.id,
      permalink: `https://www.instagram.com/${kind}/${media.shortcode}/`,
      timestamp: media.timestamp,
      like_count: media.likes,
      comments_count: media.comments,
      media_type: media.mediaType,
      media_url: `https://scontent.cdninstagram.com/v/t51.29350-15/${media.id}_n.${media.mediaType === "VIDEO" ? "mp4" : "jpg"}`,
    };
    return Object.fromEntries(Object.entries(full).filter(([name]) => wanted.has(name)));
  };
  const cursor = (index: number) => Buffer.from(String(index)).toString("base64url");
  return {
    business_discovery: {
      username: profile.username,
      media: {
        data: slice.map(pick),
        paging: {
          cursors: { before: cursor(from), after: cursor(from + slice.length) },
          ...(from + slice.length < all.length
            ? { next: "https://graph.facebook.com/v26.0/17841400000000002/media" }
            : {}),
        },
      },
      id: `1784${profile.username.length}0000000000`,
    },
    id: ownAccountId,
  };
}
