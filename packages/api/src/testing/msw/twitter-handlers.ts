import { type HttpHandler, HttpResponse, http } from "msw";
import { bearerOf, ConsentDesk, issue, pkceTokenEndpoint } from "./oauth-fake";

/**
 * A fake of X's OAuth 2.0 (authorization code with PKCE, confidential client) and the API v2 calls the Twitter
 * adapter makes, for msw (one handlers file per provider): POST /2/oauth2/token for codes and refresh tokens
 * (refresh tokens rotate: the old one stops working), GET /2/users/me and GET /2/users/{id}/tweets. Errors have
 * X's shapes: OAuth `{error, error_description}` at the token endpoint, problem details `{title, detail, type,
 * status}` on the API.
 *
 * Checked against: X's OpenAPI description of API v2 (https://api.twitter.com/2/openapi.json, version 2.x, as
 * generated into xdevplatform/twitter-api-typescript-sdk src/gen/openapi-types.ts: GET /2/users/me, GET
 * /2/users/{id}/tweets, `Problem`, `ClientForbiddenProblem` with reason `client-not-enrolled`,
 * `UsageCapExceededProblem` of type `https://api.twitter.com/2/problems/usage-capped`), and X's rate limits page
 * (https://docs.x.com/fundamentals/rate-limits: per-user 15-minute windows; every answer carries
 * `x-rate-limit-limit`, `x-rate-limit-remaining` and `x-rate-limit-reset`, a Unix time; a spent window is 429 Too
 * Many Requests). The client-forbidden body is the one X sends an app whose tier lacks the endpoint.
 */

export const TWITTER_TEST_APP = {
  clientId: "TWITTERtestClientId0123",
  clientSecret: "twitter-test-client-secret-0123456789",
  redirectUri: "https://market.test/auth/twitter/callback",
} as const;

export interface TwitterTestUser {
  id: string;
  username: string;
  name?: string;
  followers: number;
  tweets: number;
  protected?: boolean;
  /** Likes, reposts, replies and quotes of each recent original post. */
  recent?: { likes: number; reposts: number; replies: number; quotes: number }[];
}

/**
 * How X answers the timeline read: normally, or refused by the app's tier (403 client-forbidden), by the
 * 15-minute rate limit (429 with the window's headers at 0 remaining) or by the monthly usage cap (429 usage-capped).
 */
export type TimelineAnswer = "ok" | "not-enrolled" | "rate-limited" | "usage-capped";

/** The fake's per-user limit of the timeline in a 15-minute window (X's tables give each endpoint's, by tier). */
const TIMELINE_LIMIT = 5;
const WINDOW_S = 15 * 60;

const AUTHORIZE = "https://twitter.com/i/oauth2/authorize";
const API = "https://api.twitter.com/2";

const oauthError = (description: string, error = "invalid_request") =>
  HttpResponse.json({ error, error_description: description }, { status: 400 });

const unauthorized = () =>
  HttpResponse.json(
    { title: "Unauthorized", type: "about:blank", status: 401, detail: "Unauthorized" },
    { status: 401 },
  );

export function fakeTwitter(app: { clientId: string; clientSecret: string } = TWITTER_TEST_APP) {
  const desk = new ConsentDesk<TwitterTestUser>({
    authorizeUrl: AUTHORIZE,
    clientId: app.clientId,
    scopes: ["tweet.read", "users.read", "offline.access"],
  });
  const accessTokens = new Map<string, TwitterTestUser>();
  const refreshTokens = new Map<string, TwitterTestUser>();

  const tokensFor = (user: TwitterTestUser) => {
    const access = issue("tw-access");
    const refresh = issue("tw-refresh");
    accessTokens.set(access, user);
    refreshTokens.set(refresh, user);
    return HttpResponse.json({
      token_type: "bearer",
      expires_in: 7200,
      access_token: access,
      scope: "tweet.read users.read offline.access",
      refresh_token: refresh,
    });
  };

  const userOf = (request: Request) => accessTokens.get(bearerOf(request) ?? "") ?? null;
  /** What the timeline read answers, set by a test. */
  const state: { timeline: TimelineAnswer } = { timeline: "ok" };
  const rateHeaders = (remaining: number) => ({
    "x-rate-limit-limit": String(TIMELINE_LIMIT),
    "x-rate-limit-remaining": String(remaining),
    "x-rate-limit-reset": String(Math.floor(Date.now() / 1000) + WINDOW_S),
  });
  const timelineRefusal = () => {
    switch (state.timeline) {
      case "not-enrolled":
        return HttpResponse.json(
          {
            client_id: "28659504",
            detail:
              "When authenticating requests to the Twitter API v2 endpoints, you must use keys and tokens from a Twitter developer App that is attached to a Project. You can create a project via the developer portal.",
            registration_url: "https://developer.twitter.com/en/docs/projects/overview",
            title: "Client Forbidden",
            required_enrollment: "Appropriate Level of API Access",
            reason: "client-not-enrolled",
            type: "https://api.twitter.com/2/problems/client-forbidden",
          },
          { status: 403 },
        );
      case "rate-limited":
        // The body of docs.x.com/fundamentals/rate-limits, "Rate limit errors", with the window's headers at 0.
        return HttpResponse.json(
          { errors: [{ code: 88, message: "Rate limit exceeded" }] },
          { status: 429, headers: rateHeaders(0) },
        );
      case "usage-capped":
        return HttpResponse.json(
          {
            title: "UsageCapExceeded",
            detail: "Usage cap exceeded: Monthly product cap",
            type: "https://api.twitter.com/2/problems/usage-capped",
            period: "Monthly",
            scope: "Product",
          },
          { status: 429 },
        );
      default:
        return null;
    }
  };

  const handlers: HttpHandler[] = [
    http.post(
      `${API}/oauth2/token`,
      pkceTokenEndpoint(desk, app, {
        badClient: () =>
          HttpResponse.json(
            { error: "unauthorized_client", error_description: "Missing valid authorization header" },
            { status: 401 },
          ),
        tokens: tokensFor,
        badCode: () => oauthError("Value passed for the authorization code was invalid."),
        refresh(token) {
          const user = refreshTokens.get(token);
          if (!user) return oauthError("Value passed for the token was invalid.");
          refreshTokens.delete(token);
          return tokensFor(user);
        },
        badGrant: () => oauthError("Missing required parameter [grant_type]."),
      }),
    ),

    http.get(`${API}/users/me`, ({ request }) => {
      const user = userOf(request);
      if (!user) return unauthorized();
      const fields = (new URL(request.url).searchParams.get("user.fields") ?? "").split(",");
      return HttpResponse.json({
        data: {
          id: user.id,
          name: user.name ?? user.username,
          username: user.username,
          ...(fields.includes("protected") ? { protected: user.protected ?? false } : {}),
          ...(fields.includes("public_metrics")
            ? {
                public_metrics: {
                  followers_count: user.followers,
                  following_count: 120,
                  tweet_count: user.tweets,
                  listed_count: 3,
                  like_count: 950,
                },
              }
            : {}),
        },
      });
    }),

    http.get(`${API}/users/:id/tweets`, ({ request, params }) => {
      const user = userOf(request);
      if (!user) return unauthorized();
      if (params.id !== user.id) {
        return HttpResponse.json(
          { errors: [{ detail: "Could not find user", title: "Not Found Error", type: "about:blank" }] },
          { status: 200 },
        );
      }
      const refusal = timelineRefusal();
      if (refusal) return refusal;
      const max = Number(new URL(request.url).searchParams.get("max_results") ?? 10);
      const recent = (user.recent ?? []).slice(0, max);
      if (recent.length === 0) return HttpResponse.json({ meta: { result_count: 0 } }, { headers: rateHeaders(4) });
      return HttpResponse.json(
        {
          data: recent.map((metrics, index) => ({
            id: `17${index}0000000000000000`,
            text: `post ${index}`,
            edit_history_tweet_ids: [`17${index}0000000000000000`],
            public_metrics: {
              retweet_count: metrics.reposts,
              reply_count: metrics.replies,
              like_count: metrics.likes,
              quote_count: metrics.quotes,
              bookmark_count: 0,
              impression_count: 1000,
            },
          })),
          meta: { result_count: recent.length, newest_id: "1700000000000000000", oldest_id: "1790000000000000000" },
        },
        { headers: rateHeaders(4) },
      );
    }),
  ];

  return {
    handlers,
    state,
    consent: (authorizationUrl: URL, user: TwitterTestUser) => desk.consent(authorizationUrl, user),
    deny: (authorizationUrl: URL) => desk.deny(authorizationUrl),
    /** The access token runs out (after 2 hours at X): the API answers 401 until a refresh. */
    expire(accessToken: string) {
      accessTokens.delete(accessToken);
    },
  };
}

/** A post as the v2 post lookup describes it (issue 37's post check). */
export interface TwitterTestPost {
  id: string;
  authorId: string;
  createdAt: string;
  impressions: number;
  likes: number;
  replies: number;
}

export const TWITTER_TEST_BEARER = "AAAAAAAAAAAAAAAAAAAAAtest-app-bearer";

/**
 * GET /2/tweets/{id} with an app-only Bearer token (https://docs.x.com/x-api/posts/post-lookup-by-post-id): `data`
 * with the requested tweet.fields (author_id, created_at, public_metrics); an unknown id answers 200 with `errors`
 * ("Could not find tweet with id: [{id}].", type https://api.twitter.com/2/problems/resource-not-found); a wrong token
 * 401; `state.rateLimited` answers 429 Too Many Requests, as X's error responses are shaped
 * (https://docs.x.com/x-api/fundamentals/response-codes-and-errors).
 */
export function fakeTwitterPosts(posts: readonly TwitterTestPost[], bearer = TWITTER_TEST_BEARER) {
  const state = { rateLimited: false };
  const handlers: HttpHandler[] = [
    http.get(`${API}/tweets/:id`, ({ request, params }) => {
      if (request.headers.get("authorization") !== `Bearer ${bearer}`) return unauthorized();
      if (state.rateLimited)
        return HttpResponse.json(
          { title: "Too Many Requests", detail: "Too Many Requests", type: "about:blank", status: 429 },
          { status: 429 },
        );
      const id = String(params.id);
      const post = posts.find((candidate) => candidate.id === id);
      if (!post) {
        return HttpResponse.json({
          errors: [
            {
              value: id,
              detail: `Could not find tweet with id: [${id}].`,
              title: "Not Found Error",
              resource_type: "tweet",
              parameter: "id",
              resource_id: id,
              type: "https://api.twitter.com/2/problems/resource-not-found",
            },
          ],
        });
      }
      return HttpResponse.json({
        data: {
          id: post.id,
          text: "A sponsored post",
          edit_history_tweet_ids: [post.id],
          author_id: post.authorId,
          created_at: post.createdAt,
          public_metrics: {
            retweet_count: 0,
            reply_count: post.replies,
            like_count: post.likes,
            quote_count: 0,
            bookmark_count: 0,
            impression_count: post.impressions,
          },
        },
      });
    }),
  ];
  return { handlers, state };
}
