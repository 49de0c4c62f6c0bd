import { Twitter } from "arctic";
import { z } from "zod";
import type { Clock } from "../../../clock";
import { apiGet, bearer, getJson, readAnswer, tokenRequest, tokensOf } from "./http";
import type { NetworkAccount, OAuthNetworkProvider } from "./ports";

/**
 * X (Twitter) through arctic's Twitter client (OAuth 2.0 with PKCE, a confidential client) and API v2: the one
 * account of the login (GET /2/users/me: followers, posts, protected), its reactions the likes, reposts, replies
 * and quotes of its last original posts (GET /2/users/{id}/tweets). A protected account is private. Access tokens
 * last two hours; offline.access gives the refresh token the statistics sweep uses.
 *
 * X meters the posts an app reads by its access tier and rate limits each endpoint per user
 * (https://docs.x.com/fundamentals/rate-limits): the timeline read can be refused with 403 (the app's tier does not
 * include it: a `client-forbidden` problem) or 429 (the 15-minute window or the monthly usage cap is spent). The
 * account itself was read, so such a refusal is no reactions (null, shown as not available), not a failed link.
 */

export const TWITTER_API = "https://api.twitter.com/2";
const SCOPES = ["tweet.read", "users.read", "offline.access"];
const RECENT_POSTS = 10;
/** The timeline read refused by X's tier (403) or its rate and usage limits (429). */
const METERED = new Set([403, 429]);

export interface TwitterOptions {
  clientId: string;
  clientSecret: string;
  /** PUBLIC_URL + /auth/twitter/callback, as registered with the X app. */
  redirectUri: string;
  clock: Clock;
}

const meSchema = z.object({
  data: z.object({
    id: z.string().min(1),
    username: z.string().min(1),
    name: z.string().optional(),
    protected: z.boolean().optional(),
    public_metrics: z.object({ followers_count: z.number(), tweet_count: z.number() }).optional(),
  }),
});

const tweetsSchema = z.object({
  data: z
    .array(
      z.object({
        public_metrics: z
          .object({
            like_count: z.number().optional(),
            retweet_count: z.number().optional(),
            reply_count: z.number().optional(),
            quote_count: z.number().optional(),
          })
          .optional(),
      }),
    )
    .optional(),
});

export function twitterProvider(options: TwitterOptions): OAuthNetworkProvider {
  const client = new Twitter(options.clientId, options.clientSecret, options.redirectUri);

  return {
    type: "twitter",
    sandbox: false,
    authorizationUrl(state, codeVerifier) {
      return client.createAuthorizationURL(state, codeVerifier, SCOPES);
    },
    exchangeCode(code, codeVerifier) {
      return tokenRequest("unknown", "twitter code exchange", async () =>
        tokensOf(await client.validateAuthorizationCode(code, codeVerifier), options.clock),
      );
    },
    refreshTokens(refreshToken) {
      return tokenRequest("unknown", "twitter refresh", async () =>
        tokensOf(await client.refreshAccessToken(refreshToken), options.clock),
      );
    },
    async readAccounts(tokens): Promise<NetworkAccount[]> {
      const meUrl = new URL(`${TWITTER_API}/users/me`);
      meUrl.searchParams.set("user.fields", "public_metrics,protected");
      const { data: user } = await getJson(meUrl, bearer(tokens.accessToken), meSchema, "unknown");

      const tweetsUrl = new URL(`${TWITTER_API}/users/${encodeURIComponent(user.id)}/tweets`);
      tweetsUrl.searchParams.set("max_results", String(RECENT_POSTS));
      tweetsUrl.searchParams.set("tweet.fields", "public_metrics");
      tweetsUrl.searchParams.set("exclude", "retweets,replies");
      const answer = await apiGet(tweetsUrl, bearer(tokens.accessToken), "unknown");
      const tweets = METERED.has(answer.status) ? null : readAnswer(answer, tweetsUrl, tweetsSchema, "unknown");
      const reactions =
        tweets &&
        (tweets.data ?? []).reduce((sum, tweet) => {
          const metrics = tweet.public_metrics;
          return (
            sum +
            (metrics?.like_count ?? 0) +
            (metrics?.retweet_count ?? 0) +
            (metrics?.reply_count ?? 0) +
            (metrics?.quote_count ?? 0)
          );
        }, 0);

      return [
        {
          identifier: user.id,
          title: `@${user.username}`,
          link: `https://twitter.com/${user.username}`,
          followers: user.public_metrics?.followers_count ?? 0,
          posts: user.public_metrics?.tweet_count ?? null,
          reactions,
          isPrivate: user.protected === true,
          hasAnalytics: user.public_metrics !== undefined,
        },
      ];
    },
  };
}
